// Writes the placeholder user-guide PDFs to public/manuals/: edit the guide text here until the final guides replace the files.
//
// Run: node scripts/make-manuals.mjs
//
// The guides listed (file, group, format, title, date) are imported from app/content/manuals.ts
// and the phone number and hours from app/content/site.ts, so those facts are never repeated here.
// Output is deterministic (no timestamps): running it twice gives identical files.
import { Buffer } from "node:buffer";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importSource } from "./import-source.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Facts, read from the content modules (the single source of truth).
// ---------------------------------------------------------------------------------------------

const { company, regulatory } = /** @type {typeof import("../app/content/site")} */ (
  await importSource("app/content/site.ts")
);
const { manuals } = /** @type {typeof import("../app/content/manuals")} */ (
  await importSource("app/content/manuals.ts")
);
const facts = {
  company: company.name,
  product: company.productName,
  phone: company.phone.display,
  hours: company.hours.long,
  classification: regulatory.classification,
};

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function monthYear(iso) {
  const match = /^(\d{4})-(\d{2})/.exec(iso);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`make-manuals: lastUpdated "${iso}" is not an ISO date`);
  return `${month} ${match[1]}`;
}

// ---------------------------------------------------------------------------------------------
// Guide text. Placeholder content: it states only facts the company has published; the final
// guides replace these files.
// ---------------------------------------------------------------------------------------------

const PLACEHOLDER_NOTICE = "Placeholder document \u2014 the final guide will replace this file.";

const models = {
  "manual-switch": {
    name: "Manual Rocker Switch",
    turnOn: [
      { p: "Your controller has a rocker switch marked I and O." },
      {
        bullets: [
          "To turn the system on, press the side of the switch marked I.",
          "To turn it off, press the side marked O.",
          "Switch it on each time you sit down on the cushion.",
          "Switching it off while you are out of the chair saves battery.",
        ],
      },
      {
        p: "Once it is on, the air cells alternate by themselves, about every 60 seconds. There is nothing else to do.",
      },
    ],
    quickTurnOn:
      "Press I on the rocker switch to turn it on; press O to turn it off. Switch it on each time you sit down.",
  },
  "auto-start": {
    name: "Auto-Start",
    turnOn: [
      { p: "The Auto-Start model has no switch to press." },
      {
        bullets: [
          "It turns on by itself when you transfer onto the cushion.",
          "It turns off by itself when you transfer off.",
        ],
      },
      {
        p: "Once it is on, the air cells alternate by themselves, about every 60 seconds. There is nothing else to do.",
      },
    ],
    quickTurnOn:
      "It turns on by itself when you transfer onto the cushion and off when you transfer off. There is no switch to press.",
  },
};

const contents = [
  "Getting started",
  "Charging the battery",
  "Turning it on and off",
  "Choosing firmness",
  "Care and cleaning",
  "Warranty and guarantee",
  "Support",
];

/** A booklet: one array of blocks per page. */
function bookletPages(model, guide) {
  const { product, company } = facts;
  return [
    [
      { title: `${product} User Guide` },
      { subtitle: `${model.name} model \u00b7 Booklet \u00b7 Updated ${monthYear(guide.lastUpdated)}` },
      {
        p: `This booklet explains how to set up, use and care for your ${product} alternating-pressure cushion system from ${company}.`,
      },
      { h: "In this guide" },
      { bullets: contents },
      { h: "Important" },
      {
        p: `The ${product} system is a ${facts.classification}. It is FDA-cleared and CE marked. It is not intended to diagnose, treat, cure or prevent any disease. Individual experiences vary. Talk to your clinician about your own care.`,
      },
    ],
    [
      { h: "Getting started" },
      {
        p: `Your ${product} system has two main parts: the air cushion, custom-built for your body and your chair, and the controller that runs it. The system runs on a rechargeable battery.`,
      },
      { h2: "How it works" },
      {
        p: "The cushion has two sets of air cells, A and B. While set A is inflated and supports you, set B is deflated and takes pressure off that area. About every 60 seconds they swap. No area carries the load for long.",
      },
      { h2: "Before you first use it" },
      {
        bullets: [
          "Charge the battery (see Charging the battery).",
          "Place the cushion on your wheelchair seat the way our team explained at your consultation.",
          "Choose your firmness setting (see Choosing firmness).",
        ],
      },
      { note: "The final guide will include step-by-step pictures for your model." },
    ],
    [
      { h: "Charging the battery" },
      { p: "A full charge gives 24-30 hours of use. Recharging takes 3-4 hours." },
      {
        bullets: [
          "Charge while you are out of the chair, for example overnight.",
          "Use the charger that came with your system.",
          "Keep the controller and the charger dry.",
        ],
      },
      { note: "The final guide will show where the charger connects and what the charging lights mean." },
    ],
    [{ h: "Turning it on and off" }, { h2: `${model.name} model` }, ...model.turnOn],
    [
      { h: "Choosing firmness" },
      { p: "There are three firmness settings: Soft, Medium and Firm." },
      {
        p: "We help you choose the right setting during your consultation, and your clinician can advise you too. If the cushion feels too soft or too firm, call us and we will help you adjust it.",
      },
      { note: "The final guide will show how to change the setting on your controller." },
    ],
    [
      { h: "Care and cleaning" },
      {
        bullets: [
          "Keep the controller and the charger dry.",
          "Keep sharp objects away from the air cells.",
          "Check the cushion and its cover from time to time for wear or damage. If you find any, call us.",
        ],
      },
      {
        p: "If your system includes the optional moisture control unit, the final guide will explain how to care for it too.",
      },
      { note: "The final guide will list the cleaning steps and products approved for the cushion and its cover." },
    ],
    [
      { h: "Warranty and guarantee" },
      {
        bullets: [
          "30-day satisfaction guarantee: if the system is not right for you, contact us within 30 days.",
          "18-month manufacturer warranty.",
          "If your needs change, we can reconfigure your cushion for a fee, quoted at a consultation.",
        ],
      },
      { h: "Support" },
      { p: `Phone: ${facts.phone}` },
      { p: `Hours: ${facts.hours}` },
      { p: `When you call, tell us that you have the ${model.name} model.` },
    ],
  ];
}

/** A single-page quick reference: one page of blocks. */
function singlePage(model, guide) {
  const { product } = facts;
  return [
    [
      { title: `${product} Quick Reference` },
      { subtitle: `${model.name} model \u00b7 Single Page \u00b7 Updated ${monthYear(guide.lastUpdated)}` },
      { h2: "Getting started" },
      {
        p: `Your ${product} system is a custom-built air cushion and the controller that runs it. Two sets of air cells take turns: one supports you while the other deflates, and they swap about every 60 seconds.`,
      },
      { h2: "Charging the battery" },
      {
        p: "A full charge gives 24-30 hours of use. Recharging takes 3-4 hours. Keep the controller and the charger dry.",
      },
      { h2: "Turning it on and off" },
      { p: model.quickTurnOn },
      { h2: "Choosing firmness" },
      { p: "Three settings: Soft, Medium and Firm. Call us if the cushion feels too soft or too firm." },
      { h2: "Care and cleaning" },
      {
        p: "Keep sharp objects away from the air cells. Check the cushion and its cover for wear or damage. The final guide will list the approved cleaning steps.",
      },
      { h2: "Warranty" },
      { p: "18-month manufacturer warranty and a 30-day satisfaction guarantee." },
      { h2: "Support" },
      { p: `Phone: ${facts.phone}. Hours: ${facts.hours}.` },
      {
        note: `The ${product} system is a ${facts.classification}, FDA-cleared and CE marked. Individual experiences vary. Talk to your clinician about your own care.`,
      },
    ],
  ];
}

// ---------------------------------------------------------------------------------------------
// Text: WinAnsi encoding and Helvetica metrics (Adobe AFM widths, 1/1000 em).
// ---------------------------------------------------------------------------------------------

// Widths of the printable ASCII characters 32..126 in WinAnsiEncoding.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Non-ASCII characters the guides use: WinAnsi code and width in each font. */
const EXTRA = {
  "\u2019": { code: 0x92, regular: 222, bold: 278 }, // right single quote (apostrophe)
  "\u2022": { code: 0x95, regular: 350, bold: 350 }, // bullet
  "\u2013": { code: 0x96, regular: 556, bold: 556 }, // en dash
  "\u2014": { code: 0x97, regular: 1000, bold: 1000 }, // em dash
  "\u00b7": { code: 0xb7, regular: 278, bold: 278 }, // middle dot
};

const FONTS = { regular: { resource: "F1", widths: HELVETICA }, bold: { resource: "F2", widths: HELVETICA_BOLD } };

/** Typographic apostrophes; every other character must be printable ASCII or listed in EXTRA. */
function normalize(text) {
  return text.replace(/'/g, "\u2019");
}

function charWidth(char, weight) {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return FONTS[weight].widths[code - 32];
  const extra = EXTRA[char];
  if (!extra) throw new Error(`make-manuals: character U+${code.toString(16).padStart(4, "0")} is not in WinAnsi here`);
  return extra[weight];
}

function textWidth(text, weight, size) {
  let units = 0;
  for (const char of normalize(text)) units += charWidth(char, weight);
  return (units * size) / 1000;
}

/** A PDF literal string: parentheses and backslashes escaped, non-ASCII as WinAnsi octal escapes. */
function pdfString(text) {
  let out = "(";
  for (const char of normalize(text)) {
    const code = char.charCodeAt(0);
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code >= 32 && code <= 126) out += char;
    else if (EXTRA[char]) out += `\\${EXTRA[char].code.toString(8).padStart(3, "0")}`;
    else throw new Error(`make-manuals: character U+${code.toString(16).padStart(4, "0")} is not in WinAnsi here`);
  }
  return `${out})`;
}

/** Greedy word wrap to `width` points. */
function wrap(text, weight, size, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, weight, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Page layout (US Letter, 612 x 792 pt).
// ---------------------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792, left: 72, right: 72, top: 700, bottom: 72 };
const TEXT_WIDTH = PAGE.width - PAGE.left - PAGE.right;

const STYLES = {
  Booklet: {
    title: { size: 26, lead: 32, before: 0 },
    subtitle: { size: 12, lead: 16, before: 4 },
    h: { size: 18, lead: 23, before: 18 },
    h2: { size: 13, lead: 17, before: 14 },
    p: { size: 12, lead: 17, before: 8 },
    note: { size: 11, lead: 15, before: 16 },
  },
  "Single Page": {
    title: { size: 22, lead: 27, before: 0 },
    subtitle: { size: 11, lead: 15, before: 3 },
    h: { size: 15, lead: 19, before: 12 },
    h2: { size: 13, lead: 17, before: 12 },
    p: { size: 12, lead: 16, before: 3 },
    note: { size: 10.5, lead: 14, before: 14 },
  },
};

function text(ops, x, y, fontWeight, size, string, gray = 0) {
  ops.push(
    `BT /${FONTS[fontWeight].resource} ${size} Tf ${gray} g ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(string)} Tj ET`,
  );
}

/** The content stream of one page. Throws if the blocks do not fit, so nothing is ever cut off. */
function renderPage(blocks, style, header, footer, pageLabel) {
  const ops = [];

  // Placeholder banner at the top of every page.
  ops.push("0.992 0.945 0.800 rg 0.706 0.502 0.090 RG 1 w");
  ops.push(`${PAGE.left - 12} 738 ${TEXT_WIDTH + 24} 28 re B`);
  text(ops, PAGE.left, 748, "bold", 11, PLACEHOLDER_NOTICE, 0.2);
  text(ops, PAGE.left, 720, "regular", 9, header, 0.35);
  ops.push(`0.75 G 0.5 w ${PAGE.left} 713 m ${PAGE.width - PAGE.right} 713 l S`);

  let y = PAGE.top;
  let first = true;
  const place = (lines, weight, s, indent = 0, gray = 0) => {
    y -= first ? s.size : s.before + s.size;
    first = false;
    lines.forEach((line, index) => {
      if (index > 0) y -= s.lead;
      if (y < PAGE.bottom) throw new Error(`make-manuals: text overflows ${pageLabel}: "${line}"`);
      text(ops, PAGE.left + indent, y, weight, s.size, line, gray);
    });
    y -= s.lead - s.size;
  };

  for (const block of blocks) {
    if (block.title) place(wrap(block.title, "bold", style.title.size, TEXT_WIDTH), "bold", style.title);
    else if (block.subtitle)
      place(wrap(block.subtitle, "regular", style.subtitle.size, TEXT_WIDTH), "regular", style.subtitle, 0, 0.3);
    else if (block.h) place(wrap(block.h, "bold", style.h.size, TEXT_WIDTH), "bold", style.h);
    else if (block.h2) place(wrap(block.h2, "bold", style.h2.size, TEXT_WIDTH), "bold", style.h2);
    else if (block.p) place(wrap(block.p, "regular", style.p.size, TEXT_WIDTH), "regular", style.p);
    else if (block.note)
      place(wrap(block.note, "regular", style.note.size, TEXT_WIDTH), "regular", style.note, 0, 0.35);
    else if (block.bullets) {
      const indent = 16;
      block.bullets.forEach((item, index) => {
        // Items of one list sit closer together than paragraphs.
        const s = index === 0 ? style.p : { ...style.p, before: style.p.before / 2 };
        const lines = wrap(item, "regular", s.size, TEXT_WIDTH - indent);
        const top = y - (first ? s.size : s.before + s.size);
        text(ops, PAGE.left + 2, top, "regular", s.size, "\u2022");
        place(lines, "regular", s, indent);
      });
    } else throw new Error(`make-manuals: unknown block ${JSON.stringify(block)}`);
  }

  // Footer.
  ops.push(`0.75 G 0.5 w ${PAGE.left} 54 m ${PAGE.width - PAGE.right} 54 l S`);
  text(ops, PAGE.left, 40, "regular", 9, footer, 0.35);
  text(ops, PAGE.width - PAGE.right - textWidth(pageLabel, "regular", 9), 40, "regular", 9, pageLabel, 0.35);
  return ops.join("\n");
}

// ---------------------------------------------------------------------------------------------
// PDF 1.4 writer: catalog, page tree, pages, two standard Type1 fonts, content streams,
// info dictionary, cross-reference table with exact byte offsets, trailer.
// ---------------------------------------------------------------------------------------------

function buildPdf(pageStreams, title) {
  const objects = []; // objects[i] is the body of object i + 1
  const add = (body) => objects.push(body); // push returns the new length: the object number
  const reserve = () => add("");

  const catalog = reserve();
  const pagesId = reserve();
  const fontRegular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const fontBold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(
    `<< /Title ${pdfString(title)} /Author ${pdfString(facts.company)} /Producer (scripts/make-manuals.mjs) >>`,
  );

  const kids = pageStreams.map((stream) => {
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  // "%âãÏÓ" marks the file as binary for transfer tools, as the PDF spec recommends.
  let pdf = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, "latin1");
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

// ---------------------------------------------------------------------------------------------
// Main.
// ---------------------------------------------------------------------------------------------

const guides = manuals;
if (guides.length === 0) throw new Error("make-manuals: no guides found in app/content/manuals.ts");

for (const guide of guides) {
  const model = models[guide.group];
  const style = STYLES[guide.format];
  if (!model) throw new Error(`make-manuals: unknown group "${guide.group}" for ${guide.file}`);
  if (!style) throw new Error(`make-manuals: unknown format "${guide.format}" for ${guide.file}`);
  if (!/^manuals\/[a-z0-9-]+\.pdf$/.test(guide.file))
    throw new Error(`make-manuals: unexpected file path "${guide.file}"`);

  const pages = guide.format === "Booklet" ? bookletPages(model, guide) : singlePage(model, guide);
  const header = `${facts.company} ${facts.product} \u00b7 ${guide.title} \u00b7 ${monthYear(guide.lastUpdated)}`;
  const streams = pages.map((blocks, index) =>
    renderPage(
      blocks,
      style,
      header,
      `${facts.company} ${facts.product} user guide \u2014 ${model.name} model`,
      `Page ${index + 1} of ${pages.length}`,
    ),
  );
  const pdf = buildPdf(streams, `${facts.product} ${guide.title} (placeholder)`);

  const target = join(root, "public", guide.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pdf);
  console.log(`wrote public/${guide.file} (${pages.length} page${pages.length === 1 ? "" : "s"}, ${pdf.length} bytes)`);
}
