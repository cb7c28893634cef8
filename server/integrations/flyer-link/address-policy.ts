// Which addresses the server may connect to when it fetches a link a user gave it. Anything
// that is not the public internet is refused: otherwise a flyer link could make the server
// read its own admin pages, the cloud metadata service or machines on the office network.
import net from "node:net";

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network", including the unspecified 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata service, 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, including the cloud metadata service 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including broadcast 255.255.255.255
] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 96], // unspecified ::, loopback ::1 and the old IPv4-compatible addresses
  // NAT64 reaches the IPv4 address in its last bits, private ones included. Servers on
  // IPv6-only networks that need it can set FLYER_ALLOW_PRIVATE_NETWORKS.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 32], // Teredo: tunnels to an IPv4 address
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique local (private), including AWS's metadata fd00:ec2::254
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

// BlockList matches an IPv4 address against IPv6 rules in its IPv4-mapped form, so mapped
// addresses (::ffff:a.b.c.d, any IPv4 address spelled as IPv6) get a list of their own.
const ipv4Mapped = new net.BlockList();
ipv4Mapped.addSubnet("::ffff:0:0", 96, "ipv6");

/** True when `address` (an IP literal, IPv6 without brackets) is not on the public internet. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  return ipv4Mapped.check(address, "ipv6") || blocked.check(address, "ipv6");
}
