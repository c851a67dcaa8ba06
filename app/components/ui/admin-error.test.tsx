// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminErrorBoundary } from "./admin-error";

// React 19 checks this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const list = { href: "/admin/orders", name: "order requests" };

/** The staff frame with one child page whose loader fails as `fail` says. */
async function renderFailing(fail: () => never) {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <div>
          <nav aria-label="Staff">Staff navigation</nav>
          <Outlet />
        </div>
      ),
      children: [
        {
          path: "orders/:id",
          loader: fail,
          HydrateFallback: () => null,
          Component: () => <p>The order</p>,
          ErrorBoundary: () => <AdminErrorBoundary list={list} />,
        },
      ],
    },
  ]);
  const container = document.createElement("div");
  document.body.replaceChildren(container);
  const root = createRoot(container);
  await act(async () => root.render(<Stub initialEntries={["/admin/orders/42?tab=history"]} />));
  await vi.waitFor(() => expect(container.querySelector("[role=alert]")).not.toBeNull());
  return { container, root };
}

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  unmount = undefined;
});

describe("an admin page that cannot load", () => {
  it("says so inside the staff frame when the loader fails, with the way back and the way to try again", async () => {
    // React logs an error a boundary caught; here that error is the point of the test.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container, root } = await renderFailing(() => {
      throw new Error("connection refused");
    });
    unmount = () => root.unmount();
    expect(container.querySelector("nav")?.textContent).toBe("Staff navigation");
    const alert = container.querySelector("[role=alert]");
    expect(alert?.querySelector("h1")?.textContent).toBe("This page could not be loaded");
    expect(alert?.textContent).toContain("Nothing you saved is lost");
    expect(alert?.textContent).not.toContain("connection refused");
    const links = Array.from(alert?.querySelectorAll("a") ?? []).map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Back to order requests", "/admin/orders"],
      ["Try again", "/admin/orders/42?tab=history"],
    ]);
    logged.mockRestore();
  });

  it("says the record is not there when the loader answers 404, without offering to try again", async () => {
    const { container, root } = await renderFailing(() => {
      throw data(null, { status: 404 });
    });
    unmount = () => root.unmount();
    const alert = container.querySelector("[role=alert]");
    expect(alert?.querySelector("h1")?.textContent).toBe("Not found");
    expect(Array.from(alert?.querySelectorAll("a") ?? []).map((a) => a.textContent)).toEqual([
      "Back to order requests",
    ]);
  });
});
