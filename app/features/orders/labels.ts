import type { OrderRequestTable, OrderStatus } from "#db/schema";
import {
  choiceLabel,
  controllerPlacements,
  coverTypes,
  discomfortAreaChoices,
  padSizeChoices,
  priorityChoices,
  sensitivityChoices,
  sittingHoursChoices,
  wheelchairTypes,
} from "./fields";

/** How staff read a request's status, in the admin and the export. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
};

/**
 * A stored list (a JSON array of option values) as the labels the form showed. A value the form
 * no longer offers is shown as stored, and a list that cannot be read as empty: the page still
 * opens, and the rest of the request is there.
 */
export function storedChoiceLabels(choices: Parameters<typeof choiceLabel>[0], stored: string): string[] {
  let values: unknown;
  try {
    values = JSON.parse(stored);
  } catch {
    return [];
  }
  return Array.isArray(values)
    ? values.filter((v): v is string => typeof v === "string").map((v) => choiceLabel(choices, v))
    : [];
}

/** Seat measurements as staff read them: "18 in", "17.5 in". */
export function inchesText(value: number): string {
  return `${value} in`;
}

type StoredChoices = Pick<
  OrderRequestTable,
  | "wheelchair_type"
  | "daily_sitting_hours"
  | "discomfort_areas"
  | "sensitivity_level"
  | "priorities"
  | "pad_size"
  | "cover_type"
  | "controller_placement"
>;

/** A stored request's choices as the form showed them, read once for the admin page and the export. */
export function readableChoices(order: StoredChoices) {
  return {
    wheelchairType: choiceLabel(wheelchairTypes, order.wheelchair_type),
    dailySittingHours: choiceLabel(sittingHoursChoices, order.daily_sitting_hours),
    discomfortAreas: storedChoiceLabels(discomfortAreaChoices, order.discomfort_areas),
    sensitivityLevel: choiceLabel(sensitivityChoices, order.sensitivity_level),
    priorities: storedChoiceLabels(priorityChoices, order.priorities),
    padSize: choiceLabel(padSizeChoices, order.pad_size),
    coverType: choiceLabel(coverTypes, order.cover_type),
    controllerPlacement: choiceLabel(controllerPlacements, order.controller_placement),
  };
}
