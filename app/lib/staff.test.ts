import { describe, expect, it } from "vitest";
import { abilities, can, requiresSecondFactor, roles } from "./staff";

describe("staff roles", () => {
  it("asks every role but a moderator for a second factor at every sign-in", () => {
    expect(roles.filter(requiresSecondFactor)).toEqual(["owner", "leads", "editor"]);
  });

  it("gives an editor the site's content and their own staff pages, and nothing else", () => {
    const held = (Object.keys(abilities) as Array<keyof typeof abilities>).filter((ability) => can("editor", ability));
    expect(held).toEqual(["staff", "content"]);
  });

  it("gives the content to owners too, and to no one who handles leads or reviews only", () => {
    expect(roles.filter((role) => can(role, "content"))).toEqual(["owner", "editor"]);
  });
});
