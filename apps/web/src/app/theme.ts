// The dsbot look: dark slate surfaces, one ember-orange primary, Inter, and the app's breakpoints.
import {
  createTheme,
  type CardProps,
  type HoverCardProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type PasswordInputProps,
  type PopoverProps,
  type TooltipProps,
} from "@mantine/core";

const ember: MantineColorsTuple = [
  "#fff3e8",
  "#ffe4cc",
  "#ffc897",
  "#ffaa5f",
  "#ff9033",
  "#ff7f17",
  "#fa7406",
  "#df6300",
  "#c75600",
  "#ad4700",
];

/** Slate dark scale: dark[7] is the page, dark[6] cards, dark[4] borders. */
const slate: MantineColorsTuple = [
  "#d9dee7",
  "#b9c0cd",
  "#8d96a8",
  "#646d80",
  "#3a4252",
  "#2b3240",
  "#1f2531",
  "#171b24",
  "#12151c",
  "#0d0f14",
];

/**
 * A component's theme entry, typed like `Component.extend(…)` but without importing the component:
 * `Menu.extend` would put Menu (and Popover, Tooltip, Modal, …) into the bundle of every page.
 */
function themed<Props>(entry: { defaultProps?: Partial<Props>; styles?: MantineThemeComponent["styles"] }): MantineThemeComponent {
  return entry;
}

/** Popover defaults: bottom, offset 12, no open/close delay, z-index 9999, fade 0.2 s. */
const popoverDefaults = {
  position: "bottom" as const,
  offset: 12,
  zIndex: 9999,
  transitionProps: { transition: "fade" as const, duration: 200 },
};

export const theme = createTheme({
  primaryColor: "ember",
  primaryShade: { light: 7, dark: 7 },
  colors: { ember, dark: slate },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  breakpoints: { xs: "21.25em", sm: "33.75em", md: "50em", lg: "80em", xl: "96em" },
  other: { navbarHeight: 64, cardRadius: 15 },
  components: {
    Card: themed<CardProps>({ defaultProps: { radius: 15, withBorder: true, padding: "lg" } }),
    Popover: themed<PopoverProps>({ defaultProps: popoverDefaults }),
    Menu: themed<MenuProps>({ defaultProps: { ...popoverDefaults, openDelay: 0, closeDelay: 0, shadow: "lg", withinPortal: true } }),
    HoverCard: themed<HoverCardProps>({ defaultProps: { ...popoverDefaults, openDelay: 0, closeDelay: 0 } }),
    Tooltip: themed<TooltipProps>({
      defaultProps: { position: "top", openDelay: 0, closeDelay: 0, zIndex: 9999, withArrow: true, transitionProps: { transition: "fade", duration: 200 } },
    }),
    PasswordInput: themed<PasswordInputProps>({ defaultProps: { visibilityToggleButtonProps: { "aria-label": "Passwort anzeigen" } } }),
    Modal: themed<ModalProps>({
      defaultProps: { radius: 15, centered: true, overlayProps: { backgroundOpacity: 0.6, blur: 3 } },
      styles: { title: { fontWeight: 600, fontSize: "var(--mantine-font-size-lg)" } },
    }),
  },
});
