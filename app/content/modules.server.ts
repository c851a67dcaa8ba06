/**
 * Every content module's exports, by file ("app/content/site.ts"), for the launch checklist to walk.
 * The content items among them read as published once the store has been read.
 */
const found = import.meta.glob<Record<string, unknown>>(
  ["./*.ts", "!./*.test.ts", "!./*.server.ts", "!./live.ts", "!./items.ts"],
  { eager: true },
);

export const contentModules: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(found).map(([file, exports]) => [`app/content/${file.replace(/^\.\//, "")}`, exports]),
);
