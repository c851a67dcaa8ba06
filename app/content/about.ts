/** The About page: edit the company story, mission and history here (owners live in owners.ts). */
import { company, regulatory } from "~/content/site";

export const aboutIntro = `${company.name} designs and builds the ${company.productName} alternating-pressure air cushion for people who spend their day in a wheelchair.`;

export const story: string[] = [
  `Sitting for hours puts steady pressure on the same small areas of skin. For many wheelchair users that pressure is the everyday risk behind pressure sores. ${company.name} exists to take that pressure off, automatically, without asking the person in the chair to do anything more.`,
  `Each ${company.productName} cushion is built to order: the size, shape and firmness are set for the person who will sit on it, and its air cells take turns carrying the load about every 60 seconds.`,
];

export const mission = {
  heading: "Our mission",
  body: "Help every wheelchair user take control of their healing: a cushion that protects skin all day, fits the chair and the body it serves, and is backed by people who answer the phone.",
};

export const history: Array<{ when: string; title: string; body: string }> = [
  {
    when: String(company.founded),
    title: "Founded",
    body: `${company.name} is founded to build alternating-pressure seating for wheelchair users.`,
  },
  {
    when: String(company.newOwnership),
    title: "New ownership",
    body: `New owners take over ${company.name}, keeping the custom build and the support line that users rely on.`,
  },
  {
    when: "Today",
    title: "1000+ users worldwide",
    body: `The ${company.productName} system is a ${regulatory.classification}, ${regulatory.clearances.join(", ").toLowerCase().replace("fda", "FDA").replace("ce ", "CE ")}, protected by two active patents.`,
  },
];
