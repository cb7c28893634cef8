// What each lucide-react icon module calls to make its component. lucide's own version carries a
// context provider, alias classes, absolute and non-scaling strokes and an attribute-name mapper
// that no screen here uses, about 3 KB before gzip on the first page; vite.config.ts points the
// icon modules here. The icons and their paths stay lucide's, and the svg is the one lucide draws
// for the props used here (size, color, strokeWidth, className, aria and the rest passed through):
// lucide-icon.test.ts compares the two.
import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

interface IconData {
  name?: string;
  node: IconNode;
}

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  color?: string;
  strokeWidth?: string | number;
  children?: ReactNode;
}

// lucide hides an icon from screen readers unless it is given a name or a role.
const named = (props: object) => Object.entries(props).some(([key, value]) => (key.startsWith("aria-") || key === "role" || key === "title") && value != null);

export default function createLucideIcon(icon: IconData) {
  const className = `lucide${icon.name ? ` lucide-${icon.name}` : ""}`;
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon({ size = 24, color = "currentColor", strokeWidth = 2, className: extra, children, ...rest }, ref) {
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: extra ? `${className} ${extra}` : className,
        ...(children || named(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
}
