// Tooltip of spec §2: on hover, placed on top.
import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from "@mantine/core";

export type TooltipProps = MantineTooltipProps;

export function Tooltip({ position = "top", events = { hover: true, focus: true, touch: false }, ...props }: TooltipProps) {
  return <MantineTooltip position={position} events={events} {...props} />;
}
