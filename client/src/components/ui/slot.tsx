import { Children, Fragment, isValidElement, useCallback, type ComponentProps, type ElementType, type Ref } from "react";

// `asChild`: the one child element takes the props given here. Ours rather than Radix's Slot, whose
// lazy and Slottable handling nothing here uses, to keep it off the first page; it merges as Radix's
// does: the child's handler runs first, then
// ours; styles and aria-describedby combine, class names join; other props of the child win.

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...childProps };
  for (const name in childProps) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (slotValue && childValue) {
        merged[name] = (...args: unknown[]) => {
          const result = (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === "style") merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "className") merged[name] = [slotValue, childValue].filter(Boolean).join(" ");
    else if (name === "aria-describedby") {
      const ids = new Set([childValue, slotValue].flatMap((value) => (typeof value === "string" ? value.trim().split(/\s+/).filter(Boolean) : [])));
      merged[name] = ids.size > 0 ? [...ids].join(" ") : undefined;
    }
  }
  return { ...slotProps, ...merged };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === "function") return ref(value);
  if (ref) ref.current = value;
}

export function Slot({ children, ref, ...slotProps }: ComponentProps<"button"> & { ref?: Ref<HTMLElement> }) {
  const child = Children.count(children) === 1 && isValidElement<AnyProps & { ref?: Ref<HTMLElement> }>(children) ? children : null;
  const childRef = child?.props.ref;
  // Both refs get the element; cleanups returned by either run when it leaves, as React does for one.
  const composed = useCallback(
    (node: HTMLElement | null) => {
      const cleanups = [setRef(ref, node), setRef(childRef, node)];
      if (!cleanups.some((cleanup) => typeof cleanup === "function")) return;
      return () => {
        [ref, childRef].forEach((each, index) => {
          const cleanup = cleanups[index];
          if (typeof cleanup === "function") cleanup();
          else setRef(each, null);
        });
      };
    },
    [ref, childRef],
  );
  if (!child) {
    if (children || children === 0) throw new Error("Slot expects one React element as its child.");
    return children;
  }
  // A fragment takes no ref.
  const slotRef = child.type === Fragment ? undefined : ref ? composed : childRef;
  // The child drawn again with the merged props, as cloneElement would (same type and key).
  const Child = child.type as ElementType;
  return <Child key={child.key} {...mergeProps(slotProps, child.props)} ref={slotRef} />;
}
