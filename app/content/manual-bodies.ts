/**
 * The text of the four user guides, in Markdown: each is published as a page of its own
 * (/user-manuals/<id>), under the guide's title as its heading, with `#` sections and `##`
 * subsections below it. The guides say only what the rest of the site says about the cushion;
 * where a printed guide would usually give a detail the site does not state (how to connect the
 * charger, how to clean the cover), they ask the reader to call, rather than guess.
 *
 * Facts held in other items (the product's name, the phone number, the opening hours, the
 * guarantee, the warranty) are read from those items when the text is written, so the first
 * version of each guide states what they state.
 */
import { powerOptions } from "./showcase";
import { commitments, company, disclaimer, regulatory } from "./site";

export type ManualId =
  "manual-switch-booklet" | "manual-switch-single-page" | "auto-start-booklet" | "auto-start-single-page";

/**
 * The product's figures as the product page's tiles state them (`specifications` in product.ts),
 * in the guides' words. No item holds them as a fact of its own; manual-bodies.test.ts checks
 * that the guides and the tiles agree.
 */
const cycle = "about every 60 seconds";
const batteryLife = "24-30 hours";
const rechargeTime = "3-4 hours";

type Model = "manual-switch" | "auto-start";

/** The model's name, as the home page's showcase names it. */
const modelName = (model: Model) => powerOptions[model].label;

const phoneLink = () => `[${company.phone.display}](tel:${company.phone.dial})`;

const sections = (...parts: string[]) => parts.join("\n\n");

function beforeYouStart(model: Model): string {
  return sections(
    "# Before you start",
    `This guide is for the ${modelName(model)} model of the ${company.productFullName}. It explains the parts of your system, charging, turning it on and off, firmness, everyday use and care, and how to get help. If you help someone who uses the cushion, it is written for you too.`,
    "Read it once before you first sit on the cushion, and keep it where you can find it again. A one-page quick reference is on our [User Guides](/user-manuals) page.",
    "## How the cushion works",
    `Your cushion has two sets of air cells. While one set is inflated and carries your weight, the other is deflated and takes pressure off that area. Then they swap, ${cycle}. No part of your body carries the load for long, and it all happens automatically while you sit.`,
    "## Good to know",
    [
      `- Your cushion is custom-built and custom-programmed for you and for the chair it will be used on. Use it on that chair, as it was delivered to you.`,
      "- There is no weight limit.",
      `- The ${company.productName} system is a ${regulatory.classification}.`,
      `- ${disclaimer.text}`,
    ].join("\n"),
  );
}

function settingUp(model: Model): string {
  const controls =
    model === "manual-switch"
      ? "- **The rocker switch** on the controller, marked **I** for on and **O** for off."
      : "- **The sensor and the light marked AUTO** on the controller. There is no switch to press.";
  return sections(
    "# Setting up",
    "We build your cushion for your body and your chair, program it for you and ship it directly to you. Its size, shape, firmness and power option are the ones you confirmed with us at your consultation.",
    "## Parts of your system",
    [
      "- **The cushion**, with its two sets of air cells.",
      "- **The controller**, which runs the alternating cycle for you. It sits at the side of your chair and is joined to the cushion by a hose.",
      controls,
      "- **The charger**, for the battery.",
      "- **The moisture control unit**, if you chose this optional add-on. The cushion works without it.",
    ].join("\n"),
    "## Placing it on your chair",
    `If you are not sure how your cushion sits on your chair, or where the controller and the hose go, call us before you use it and we will talk you through it: ${phoneLink()}, ${company.hours.long}.`,
  );
}

function charging(): string {
  return sections(
    "# Charging",
    `A full charge gives ${batteryLife} of use. Recharging takes ${rechargeTime}.`,
    [
      "- Charge it while you are out of the chair, such as overnight.",
      "- One charge lasts more than a full workday.",
      "- Keep the controller and the charger dry.",
    ].join("\n"),
    "If you are not sure how to connect the charger, or whether the battery is charged, call us and we will help.",
  );
}

function turningOnAndOff(model: Model): string {
  if (model === "manual-switch") {
    return sections(
      "# Turning it on and off",
      `The ${modelName(model)} model has a simple rocker switch on the controller, so you decide exactly when the system runs. It does not turn on or off by itself.`,
      "## Turning it on",
      ["1. Find the rocker switch on the controller.", "2. Press the side marked **I**."].join("\n"),
      `Once it is running, the air cells take turns, ${cycle}, all day, with nothing more for you to do.`,
      "## Turning it off",
      "Press the side of the switch marked **O**. The system stays off until you switch it on again.",
      "## If the switch is hard to reach",
      `If you, or the person you help, find the switch hard to reach or press, call us and we will talk through your options. The ${modelName("auto-start")} model, for example, turns on when you transfer onto the cushion and off when you transfer off, with no switch to press.`,
    );
  }
  return sections(
    "# Turning it on and off",
    `Your ${modelName(model)} cushion turns on by itself when you transfer onto it, and turns off when you transfer off. There is no switch to find or press, and nothing to remember.`,
    "## Turning it on",
    `Transfer onto the cushion as you usually do. The system turns on by itself, and the air cells start to take turns, ${cycle}.`,
    "## Turning it off",
    "Transfer off the cushion. The system turns off by itself.",
    "## If it does not turn on",
    "If the cushion does not turn on when you transfer onto it, or you are not sure what the light marked **AUTO** is showing you, call us and we will help.",
  );
}

function firmness(): string {
  return sections(
    "# Firmness",
    "Your cushion has three firmness settings: **Soft**, **Medium** and **Firm**. We helped you choose yours at your consultation. Your clinician can tell you which setting suits your skin and the way you sit.",
    "If your needs change, call us and we will help you adjust it.",
  );
}

function everydayUse(model: Model): string {
  const running =
    model === "manual-switch"
      ? "- Switch the cushion on when you want it to run. Once it is running, it works by itself: the air cells keep alternating, moving pressure around while you sit."
      : "- Each time you transfer onto the cushion it turns on, and each time you transfer off it turns off, so there is nothing to remember at each stop. While you sit, the air cells keep alternating, moving pressure around.";
  return sections(
    "# Everyday use",
    [
      running,
      "- Charge it while you are out of the chair, such as overnight.",
      "- Keep talking to your clinician about your skin and your care. Every body and every wound is different.",
    ].join("\n"),
    "## If your needs change",
    `If your needs change, we can set your cushion up again ${commitments.reconfiguration}.`,
  );
}

function care(): string {
  return sections(
    "# Care and cleaning",
    [
      "- Keep the controller and the charger dry.",
      "- Clean the cushion and its cover only in the way we have explained to you. Before you clean them for the first time, call us and we will talk you through it.",
      "- If a part looks damaged, or something is not working as it should, call us and we will help.",
    ].join("\n"),
  );
}

function warrantyAndSupport(): string {
  return sections(
    "# Warranty and support",
    "## Satisfaction guarantee",
    `Every ${company.productName} system comes with a satisfaction guarantee of ${commitments.guaranteeDays} days. If it is not working for you, contact us within ${commitments.guaranteeDays} days and we will explain your options.`,
    "## Manufacturer warranty",
    `Your system comes with a manufacturer warranty of ${commitments.warrantyMonths} months. If something is not working as it should, call us and we will help.`,
    "## Getting help",
    `Call us at ${phoneLink()}, ${company.hours.long}.`,
    `You can also send us a message from our [contact page](/contact). We reply within ${company.emailResponse}.`,
    `Answers to common questions are on our [FAQ](/faq) page. For insurance and paying, see [Paying for ${company.productName}](/paying).`,
  );
}

function booklet(model: Model): string {
  return sections(
    beforeYouStart(model),
    settingUp(model),
    charging(),
    turningOnAndOff(model),
    firmness(),
    everydayUse(model),
    care(),
    warrantyAndSupport(),
  );
}

function singlePage(model: Model): string {
  const onAndOff =
    model === "manual-switch"
      ? [
          "- **On:** press the side of the rocker switch marked **I**.",
          "- **Off:** press the side marked **O**.",
          "- It does not turn on or off by itself: you decide when it runs.",
        ]
      : [
          "- **On:** transfer onto the cushion. It turns on by itself.",
          "- **Off:** transfer off the cushion. It turns off by itself.",
          "- There is no switch to find or press.",
        ];
  return sections(
    "# At a glance",
    `Your ${company.productName} cushion, ${modelName(model)} model:`,
    [
      `- Two sets of air cells take turns, ${cycle}, moving pressure around while you sit.`,
      "- Three firmness settings: Soft, Medium and Firm.",
      `- A full charge gives ${batteryLife} of use. Recharging takes ${rechargeTime}.`,
      "- There is no weight limit.",
    ].join("\n"),
    "# On and off",
    onAndOff.join("\n"),
    "# Every day",
    [
      "- Charge it while you are out of the chair, such as overnight.",
      "- Keep the controller and the charger dry.",
      "- Clean the cushion and its cover only in the way we have explained to you. If you are not sure how, call us.",
      "- To change the firmness, call us and we will help you adjust it.",
    ].join("\n"),
    "# Getting help",
    [
      `- Call ${phoneLink()}, ${company.hours.long}.`,
      `- Send us a message from our [contact page](/contact). We reply within ${company.emailResponse}.`,
      "- The full guide for your model is on our [User Guides](/user-manuals) page.",
      `- Satisfaction guarantee: ${commitments.guaranteeDays} days. Manufacturer warranty: ${commitments.warrantyMonths} months.`,
    ].join("\n"),
  );
}

/** Called inside a content item's initial value (a function), so it may read other content (company, commitments…). */
export function manualBodies(): Record<ManualId, string> {
  return {
    "manual-switch-booklet": booklet("manual-switch"),
    "manual-switch-single-page": singlePage("manual-switch"),
    "auto-start-booklet": booklet("auto-start"),
    "auto-start-single-page": singlePage("auto-start"),
  };
}
