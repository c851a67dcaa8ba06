import { describe, expect, it } from "vitest";
import { addressBlock } from "./address-block.server";

describe("the block of addresses one visitor controls", () => {
  it("is the address itself for IPv4", () => {
    expect(addressBlock("203.0.113.5")).toBe("203.0.113.5");
  });

  it("is the IPv4 address inside an IPv4-mapped IPv6 address, however it is written", () => {
    expect(addressBlock("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressBlock("::FFFF:cb00:7105")).toBe("203.0.113.5");
    expect(addressBlock("0:0:0:0:0:ffff:127.0.0.1")).toBe("127.0.0.1");
  });

  it("is the /64 for IPv6: a household or a server gets a whole /64 to pick addresses from", () => {
    const block = "2001:db8:1:2::/64";
    expect(addressBlock("2001:db8:1:2:3:4:5:6")).toBe(block);
    expect(addressBlock("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe(block);
    expect(addressBlock("2001:db8:1:2::9")).toBe(block);
    expect(addressBlock("2001:db8:1:2::")).toBe(block);
    expect(addressBlock("2001:db8:1:3::9")).toBe("2001:db8:1:3::/64");
    expect(addressBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
    expect(addressBlock("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // An IPv4 tail on an address that is not IPv4-mapped is still IPv6 (NAT64, for one).
    expect(addressBlock("64:ff9b::203.0.113.5")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps anything that is not an address as it is, so an unknown address is still one key", () => {
    expect(addressBlock("unknown")).toBe("unknown");
    expect(addressBlock("")).toBe("");
  });
});
