/**
 * The header's menu and the footer, on every page. What they are called is content, edited in the
 * admin (schemas/navigation.ts): the header's names are one item, the footer's words another, each
 * holding a name for every entry of its menu, by the entry's fixed key. Where each entry leads and
 * the menus' order stay here in the code: an editor renames an entry, and never moves or removes
 * one. What is written here is what a fresh site shows.
 *
 * The header and the footer are in the JavaScript every hydrated page loads: this module holds the
 * items and the menus' addresses, and nothing more.
 */
import { defineContent } from "./live";

/** The names in the header: its menu's entries, the menus' own names, and its two buttons. */
export const menuNames = defineContent("navigation", {
  home: "Home",
  about: "About",
  testimonials: "Testimonials",
  /** The menu's own name; "product" is its first entry. */
  productMenu: "Product",
  product: "Product",
  paying: "Paying for SofTech",
  manuals: "User Guides",
  contactMenu: "Contact",
  contact: "Contact Us",
  faq: "FAQ",
  /** The button beside the menu, to the order page. */
  order: "Request an Order",
  /** The button that opens the menu on a narrow screen. */
  menu: "Menu",
});

/**
 * The footer's words: the line under the company's name (with markers where the product's full
 * name and the tagline go), its two headings, the names of its links and of the policies' links,
 * and the copyright line (with markers for the years and the company's name).
 */
export const footerWords = defineContent("footer", {
  makers: "Makers of the {product}. {tagline}.",
  explore: "Explore",
  links: {
    about: "About Us",
    testimonials: "Testimonials",
    product: "SofTech System",
    paying: "Paying for SofTech",
    manuals: "User Guides",
    faq: "FAQ",
    contact: "Contact",
    order: "Order",
  },
  talk: "Talk to us",
  policies: {
    privacy: "Privacy Policy",
    healthData: "Consumer Health Data Privacy",
    accessibility: "Accessibility",
    reviews: "How we moderate reviews",
  },
  copyright: "© {founded}–{year} {companyName}. All rights reserved.",
});

type MenuEntry = keyof typeof menuNames;

/** An entry of a menu: the key of its name in the menu's item, and where it leads. */
export interface NavLinkItem<Key extends string = MenuEntry> {
  key: Key;
  href: string;
}

export interface NavMenuItem {
  key: MenuEntry;
  items: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavMenuItem;

export function isMenu(item: NavItem): item is NavMenuItem {
  return "items" in item;
}

/** Pages that other pages and forms link to, written once. */
export const pagePaths = {
  paying: "/paying",
  privacy: "/privacy",
  /** The consumer-health-data section of the privacy policy. */
  healthData: "/privacy#health-data",
  accessibility: "/accessibility",
} as const;

/** The same navigation on every screen size. */
export const navigation: NavItem[] = [
  { key: "home", href: "/" },
  { key: "about", href: "/about" },
  { key: "testimonials", href: "/testimonials" },
  {
    key: "productMenu",
    items: [
      { key: "product", href: "/product" },
      { key: "paying", href: pagePaths.paying },
      { key: "manuals", href: "/user-manuals" },
    ],
  },
  {
    key: "contactMenu",
    items: [
      { key: "contact", href: "/contact" },
      { key: "faq", href: "/faq" },
    ],
  },
];

export const footerLinks: Array<NavLinkItem<keyof typeof footerWords.links>> = [
  { key: "about", href: "/about" },
  { key: "testimonials", href: "/testimonials" },
  { key: "product", href: "/product" },
  { key: "paying", href: pagePaths.paying },
  { key: "manuals", href: "/user-manuals" },
  { key: "faq", href: "/faq" },
  { key: "contact", href: "/contact" },
  { key: "order", href: "/order" },
];

/**
 * The policies, in the footer of every page. The consumer-health-data link is the separate,
 * prominent link to that policy that Washington's My Health My Data Act asks for on the home page.
 */
export const policyLinks: Array<NavLinkItem<keyof typeof footerWords.policies>> = [
  { key: "privacy", href: pagePaths.privacy },
  { key: "healthData", href: pagePaths.healthData },
  { key: "accessibility", href: pagePaths.accessibility },
  { key: "reviews", href: "/review-policy" },
];

export const orderLink: NavLinkItem = { key: "order", href: "/order" };
