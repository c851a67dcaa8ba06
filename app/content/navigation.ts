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

/** The same navigation on every screen size. */
export const navigation: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "About", href: "/about" },
  { name: "Testimonials", href: "/testimonials" },
  {
    name: "Product",
    items: [
      { name: "Product", href: "/product" },
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
  { name: "User Guides", href: "/user-manuals" },
  { name: "FAQ", href: "/faq" },
  { name: "Contact", href: "/contact" },
  { name: "Order", href: "/order" },
];

export const orderLink: NavLinkItem = { name: "Request an Order", href: "/order" };
