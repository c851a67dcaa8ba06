import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("product", "routes/product.tsx"),
  route("faq", "routes/faq.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("user-manuals", "routes/user-manuals.tsx"),
  route("order", "routes/order.tsx"),
  route("contact", "routes/contact.tsx"),
  route("theme", "routes/theme.ts"),
  route("api/contact", "routes/api.contact.ts"),
  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/admin/login", "routes/api.admin.login.ts"),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/logout", "routes/admin.logout.ts"),
  route("admin/messages/export.csv", "routes/admin.messages.export.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.ts"),
    route("messages", "routes/admin.messages.tsx"),
    route("messages/:id", "routes/admin.message.tsx"),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
