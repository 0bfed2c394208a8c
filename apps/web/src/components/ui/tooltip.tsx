// Tooltip: on hover (a mouse or pen, not a tap) and on keyboard focus, placed on top of its
// element (below it where the top has no room), kept inside the window. Our own rather than Mantine's:
// Mantine's Tooltip brings floating-ui (~15 KB compressed) onto every first page for a label above a
// button. It looks like Mantine's (same colours, size and radius) and links itself to its element with
// aria-describedby while it shows. The theme's Tooltip defaults hold: top, no delay, z-index 9999, an
// arrow, a 0.2 s fade.
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import classes from "./tooltip.module.css";

/** True inside a tooltip's element: an icon there leaves its own name to the outer tooltip (one bubble per hover). */
const InsideTooltip = createContext(false);

export function useInsideTooltip(): boolean {
  return useContext(InsideTooltip);
}

export interface TooltipProps {
  label: ReactNode;
  /** The element the tooltip describes: one element that passes pointer and focus handlers to the DOM. */
  children: ReactNode;
  position?: "top" | "bottom";
  /** Wraps long labels (give it a `maw`). */
  multiline?: boolean;
  /** Maximal width in px. */
  maw?: number;
  disabled?: boolean;
}

/** Distance between the element and the tooltip, and the tooltip and the window's edge (px). */
const GAP = 6;
const EDGE = 4;
/** The arrow keeps this far from the tooltip's sides (px; its rounded corners). */
const ARROW_INSET = 10;

interface ChildProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
}

function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

/** Where the tooltip goes: centred over (or under) `anchor`, inside the window. */
export function placeTooltip(
  anchor: Pick<DOMRect, "top" | "bottom" | "left" | "width">,
  size: { width: number; height: number },
  view: { width: number; height: number },
  position: "top" | "bottom",
): { left: number; top: number; side: "top" | "bottom"; arrow: number } {
  const above = anchor.top - GAP - size.height;
  const below = anchor.bottom + GAP;
  const fitsAbove = above >= EDGE;
  const fitsBelow = below + size.height <= view.height - EDGE;
  const side = position === "top" ? (fitsAbove || !fitsBelow ? "top" : "bottom") : fitsBelow || !fitsAbove ? "bottom" : "top";
  const centre = anchor.left + anchor.width / 2;
  const left = Math.min(Math.max(centre - size.width / 2, EDGE), Math.max(EDGE, view.width - EDGE - size.width));
  // The arrow points at the element's centre, but stays on the tooltip's straight edge.
  const arrow = Math.min(Math.max(centre - left, ARROW_INSET), Math.max(ARROW_INSET, size.width - ARROW_INSET));
  return { left, top: Math.max(EDGE, side === "top" ? above : below), side, arrow };
}

function Bubble({ id, anchor, label, position, multiline, maw }: { id: string; anchor: HTMLElement; label: ReactNode; position: "top" | "bottom"; multiline?: boolean; maw?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const place = () => {
      if (!anchor.isConnected) {
        bubble.style.visibility = "hidden";
        return;
      }
      const { left, top, side, arrow } = placeTooltip(
        anchor.getBoundingClientRect(),
        { width: bubble.offsetWidth, height: bubble.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
        position,
      );
      bubble.style.left = `${left}px`;
      bubble.style.top = `${top}px`;
      bubble.style.setProperty("--tooltip-arrow-x", `${arrow}px`);
      bubble.dataset.side = side;
      bubble.style.visibility = "visible";
    };
    place();
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [anchor, position, label]);
  const style: CSSProperties = { maxWidth: maw, visibility: "hidden" };
  return createPortal(
    <div ref={ref} id={id} role="tooltip" className={classes.tooltip} data-multiline={multiline || undefined} style={style}>
      {label}
    </div>,
    document.body,
  );
}

export function Tooltip({ label, children, position = "top", multiline, maw, disabled }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hide = useCallback(() => setAnchor(null), []);
  if (!isValidElement<ChildProps>(children)) return children;
  const own = children.props;
  const open = anchor !== null && !disabled && label !== null && label !== undefined && label !== "";
  const child = cloneElement(children as ReactElement<ChildProps>, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") setAnchor(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (focusVisible(event.currentTarget)) setAnchor(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
    "aria-describedby": open ? [own["aria-describedby"], id].filter(Boolean).join(" ") : own["aria-describedby"],
  });
  return (
    <>
      <InsideTooltip.Provider value={true}>{child}</InsideTooltip.Provider>
      {open && <Bubble id={id} anchor={anchor} label={label} position={position} multiline={multiline} maw={maw} />}
    </>
  );
}
