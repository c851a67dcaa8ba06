/** The home-page product showcase carousel: edit each power option's label, summary and images (with alt text) here. */
import { company } from "~/content/site";

export interface CarouselImage {
  /** Path under public/, served from the site root. */
  src: string;
  /** Describes what the image shows, for screen-reader users. */
  alt: string;
  /** Short caption shown with the slide. */
  title: string;
  width: number;
  height: number;
}

export type PowerOption = "auto-start" | "manual-switch";

export interface PowerOptionShowcase {
  label: string;
  summary: string;
  images: CarouselImage[];
}

/** The order the toggle shows the options in. */
export const powerOptionOrder: PowerOption[] = ["auto-start", "manual-switch"];

/** The query parameter the home page's showcase toggle sets (`?power=manual-switch`), so it works as links. */
export const powerParam = "power";

export const powerOptions: Record<PowerOption, PowerOptionShowcase> = {
  "auto-start": {
    label: "Auto-Start",
    summary:
      "Turns on by itself when you transfer onto the cushion and off when you transfer off. There is no switch to reach.",
    images: [
      {
        src: "/images/showcase/auto-start-1.svg",
        alt: `Illustration of the ${company.productName} Auto-Start system: the air cushion beside its compact controller.`,
        title: "The complete Auto-Start system",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/auto-start-2.svg",
        alt: "Close-up illustration of the Auto-Start controller, with its sensor and an indicator light labelled AUTO.",
        title: "Auto-Start controller",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/auto-start-3.svg",
        alt: `Side-view illustration of the ${company.productName} cushion in use on a wheelchair seat.`,
        title: "In use on a wheelchair",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/auto-start-4.svg",
        alt: "Diagram of the alternating cycle: air cells A inflate while cells B deflate, then they reverse, about every 60 seconds.",
        title: "The alternating cycle, about every 60 seconds",
        width: 800,
        height: 600,
      },
    ],
  },
  "manual-switch": {
    label: "Manual Rocker Switch",
    summary:
      "A simple rocker switch on the controller turns the system on and off, so you decide exactly when it runs.",
    images: [
      {
        src: "/images/showcase/manual-switch-1.svg",
        alt: `Illustration of the ${company.productName} Manual Rocker Switch system: the air cushion beside its compact controller.`,
        title: "The complete Manual Rocker Switch system",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/manual-switch-2.svg",
        alt: "Close-up illustration of the controller's rocker switch, marked I for on and O for off.",
        title: "Manual rocker switch",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/manual-switch-3.svg",
        alt: `Side-view illustration of the ${company.productName} cushion in use on a wheelchair seat.`,
        title: "In use on a wheelchair",
        width: 800,
        height: 600,
      },
      {
        src: "/images/showcase/manual-switch-4.svg",
        alt: "Diagram of the alternating cycle: air cells A inflate while cells B deflate, then they reverse, about every 60 seconds.",
        title: "The alternating cycle, about every 60 seconds",
        width: 800,
        height: 600,
      },
    ],
  },
};
