export interface NavLinkItem {
  name: string;
  href: string;
}

export interface NavMenuItem {
  name: string;
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
  { name: "Home", href: "/" },
  { name: "About", href: "/about" },
  { name: "Testimonials", href: "/testimonials" },
  {
    name: "Product",
    items: [
      { name: "Product", href: "/product" },
      { name: "Paying for SofTech", href: pagePaths.paying },
      { name: "User Guides", href: "/user-manuals" },
    ],
  },
  {
    name: "Contact",
    items: [
      { name: "Contact Us", href: "/contact" },
      { name: "FAQ", href: "/faq" },
    ],
  },
];

export const footerLinks: NavLinkItem[] = [
  { name: "About Us", href: "/about" },
  { name: "Testimonials", href: "/testimonials" },
  { name: "SofTech System", href: "/product" },
  { name: "Paying for SofTech", href: pagePaths.paying },
  { name: "User Guides", href: "/user-manuals" },
  { name: "FAQ", href: "/faq" },
  { name: "Contact", href: "/contact" },
  { name: "Order", href: "/order" },
];

/**
 * The policies, in the footer of every page. The consumer-health-data link is the separate,
 * prominent link to that policy that Washington's My Health My Data Act asks for on the home page.
 */
export const policyLinks: NavLinkItem[] = [
  { name: "Privacy Policy", href: pagePaths.privacy },
  { name: "Consumer Health Data Privacy", href: pagePaths.healthData },
  { name: "Accessibility", href: pagePaths.accessibility },
  { name: "How we moderate reviews", href: "/review-policy" },
];

export const orderLink: NavLinkItem = { name: "Request an Order", href: "/order" };
