/** The company's owners shown on the About page: replace the placeholder names, roles, initials and bios here. */
import { company } from "~/content/site";
import { defineContent } from "./live";

export interface OwnerProfile {
  /** Stable slug: used for the bio dialog's id. */
  id: string;
  /** Display name. While a placeholder, the role stands in for the name. */
  name: string;
  role: string;
  /** Markdown (app/lib/markdown.server.ts): paragraphs, emphasis, lists, links. */
  bio: string;
  /** Shown in the avatar circle when there is no photo. */
  initials: string;
  /** An uploaded photo (app/lib/uploads) with what it shows, for those who cannot see it. */
  photo?: { file: string; alt: string };
  placeholder?: true;
  todo?: string;
}

export const owners = defineContent<OwnerProfile[]>("owners", () => [
  {
    id: "co-owner-1",
    name: "Co-owner",
    role: `Owner since ${company.newOwnership}`,
    bio: `One of the two owners who took over ${company.name} in ${company.newOwnership}. ${company.name} was founded in ${company.founded}.\n\nA full biography will be published here soon.`,
    initials: "CO",
    placeholder: true,
    todo: "First owner: full name, role title, initials and biography (and a photo, if wanted).",
  },
  {
    id: "co-owner-2",
    name: "Co-owner",
    role: `Owner since ${company.newOwnership}`,
    bio: `One of the two owners who took over ${company.name} in ${company.newOwnership}. ${company.name} was founded in ${company.founded}.\n\nA full biography will be published here soon.`,
    initials: "CO",
    placeholder: true,
    todo: "Second owner: full name, role title, initials and biography (and a photo, if wanted).",
  },
]);
