import { Slot } from "./slot";
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from "react";
import { chunkLoader } from "@/lib/chunk-loader";
import { whenIdle } from "@/lib/when-idle";

type Overlays = typeof import("./overlay-primitives");

/** The Radix overlay parts, fetched once: every lazy overlay on the page switches to them together. */
const overlayParts = chunkLoader(() => import("./overlay-primitives"));
const preloadOverlays = overlayParts.preload;

/** The loaded parts, for the pieces that only render inside an open overlay (its content, items). */
export function overlays(): Overlays {
  const loaded = overlayParts.loaded();
  if (!loaded) throw new Error("An overlay's content rendered before its parts loaded");
  return loaded;
}

/** The parts once loaded; until then null, and the load is asked for when the page is idle. */
function useOverlays(): Overlays | null {
  const parts = useSyncExternalStore(overlayParts.subscribe, overlayParts.loaded, overlayParts.loaded);
  useEffect(() => (parts ? undefined : whenIdle(preloadOverlays)), [parts]);
  return parts;
}

interface Placeholder {
  /** The person pressed the trigger before the parts arrived: open once they do. */
  requestOpen(fromKeyboard?: boolean): void;
  /** Marks whether the placeholder trigger has focus, so the real one takes it back after the swap. */
  setFocused(focused: boolean): void;
}

interface Refocus {
  /**
   * Whether the overlay was asked open from the keyboard before its parts arrived; asking clears
   * the mark. Radix's menu focuses its first item only for a keydown it heard itself, and this
   * one came before the menu existed.
   */
  takeKeyboardOpening(): boolean;
  /** Whether the placeholder had focus when it was replaced; asking clears the mark. */
  take(): boolean;
}

// Set under a root still waiting for its parts; null under a loaded one.
const PlaceholderContext = createContext<Placeholder | null>(null);
const RefocusContext = createContext<Refocus | null>(null);

/** For an overlay's content: whether it opens now from a keyboard press its placeholder took (once). */
export const useKeyboardOpening = () => use(RefocusContext)?.takeKeyboardOpening;

/** Whether this overlay still waits for its parts (its content then renders nothing). */
export const useOverlayPending = () => use(PlaceholderContext) !== null;

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
  children?: ReactNode;
}

interface TriggerProps {
  asChild?: boolean;
  onPointerDown?(event: PointerEvent<HTMLButtonElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLButtonElement>): void;
  onClick?: ComponentProps<"button">["onClick"];
  onFocus?: ComponentProps<"button">["onFocus"];
  onBlur?: ComponentProps<"button">["onBlur"];
  onPointerEnter?: ComponentProps<"button">["onPointerEnter"];
}

interface TriggerBehaviour {
  /** What the real trigger announces it opens. */
  haspopup: "menu" | "dialog";
  /** A Radix menu opens on pointerdown and Enter, Space or ArrowDown; popovers and dialogs on click. */
  opensOn: "pointerdown" | "click";
}

const MENU_OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A Radix overlay (menu, popover, dialog) whose code loads after the first paint, or at once when
 * its trigger is approached (pointer over it, focus). Until then the trigger is a plain button
 * with the same name, role and aria-haspopup/aria-expanded, and the content renders nothing; a
 * press before the code arrives opens the overlay as soon as it does, and focus moves to the real
 * trigger when it replaces the placeholder.
 */
export function lazyOverlay<R extends RootProps, T extends TriggerProps>(
  parts: (loadedParts: Overlays) => { Root: ComponentType<R>; Trigger: ComponentType<T> },
  behaviour: TriggerBehaviour,
) {
  function Root(props: R) {
    const loadedParts = useOverlays();
    const [openOnLoad, setOpenOnLoad] = useState(false);
    const focusedRef = useRef(false);
    const keyboardRef = useRef(false);
    const { open, onOpenChange } = props;
    const requestOpen = useCallback((fromKeyboard = false) => {
      keyboardRef.current = fromKeyboard;
      if (open === undefined) setOpenOnLoad(true);
      else onOpenChange?.(true);
      preloadOverlays();
    }, [open, onOpenChange]);
    const placeholder = useMemo<Placeholder>(
      () => ({ requestOpen, setFocused: (focused) => void (focusedRef.current = focused) }),
      [requestOpen],
    );
    const refocus = useMemo<Refocus>(
      () => ({
        take: () => {
          const focused = focusedRef.current;
          focusedRef.current = false;
          return focused;
        },
        takeKeyboardOpening: () => {
          const fromKeyboard = keyboardRef.current;
          keyboardRef.current = false;
          return fromKeyboard;
        },
      }),
      [],
    );
    if (!loadedParts) return <PlaceholderContext value={placeholder}>{props.children}</PlaceholderContext>;
    const { Root: Loaded } = parts(loadedParts);
    return (
      <PlaceholderContext value={null}>
        <RefocusContext value={refocus}>
          <Loaded {...props} defaultOpen={props.defaultOpen || openOnLoad} />
        </RefocusContext>
      </PlaceholderContext>
    );
  }

  function Trigger(props: T & { ref?: Ref<HTMLButtonElement> }) {
    const placeholder = use(PlaceholderContext);
    const refocus = use(RefocusContext);
    const { ref } = props;
    const takeFocusBack = useCallback(
      (element: HTMLButtonElement | null) => {
        // Only if focus fell to the page with the placeholder, never away from where it went.
        if (element && refocus?.take() && (!document.activeElement || document.activeElement === document.body)) element.focus();
        if (typeof ref === "function") return ref(element);
        if (ref) ref.current = element;
      },
      [ref, refocus],
    );
    if (!placeholder) {
      const { Trigger: Loaded } = parts(overlays());
      return <Loaded {...props} ref={takeFocusBack} />;
    }
    const { asChild, onPointerDown, onKeyDown, onClick, onFocus, onBlur, onPointerEnter, ...rest } = props;
    const Element = asChild ? Slot : "button";
    return (
      <Element
        type={asChild ? undefined : "button"}
        aria-haspopup={behaviour.haspopup}
        aria-expanded={false}
        data-state="closed"
        {...rest}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          preloadOverlays();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          placeholder.setFocused(true);
          preloadOverlays();
        }}
        onBlur={(event) => {
          onBlur?.(event);
          // A blur from the swap itself (the placeholder leaving the page) keeps the mark.
          if (event.currentTarget.isConnected) placeholder.setFocused(false);
        }}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          onPointerDown?.(event);
          if (behaviour.opensOn === "pointerdown" && event.button === 0 && !event.ctrlKey) placeholder.requestOpen();
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          onKeyDown?.(event);
          if (behaviour.opensOn === "pointerdown" && MENU_OPEN_KEYS.has(event.key)) {
            event.preventDefault();
            placeholder.requestOpen(true);
          }
        }}
        onClick={(event) => {
          onClick?.(event);
          if (behaviour.opensOn === "click") placeholder.requestOpen();
        }}
      />
    );
  }

  return { Root, Trigger };
}
