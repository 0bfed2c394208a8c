// A tabler icon chosen by name; unknown names render the fallback icon instead of nothing.
import type { IconProps } from "@tabler/icons-react";
import { resolveIcon } from "./icons";

export interface AppIconProps extends Omit<IconProps, "ref" | "name"> {
  name: string | null | undefined;
}

export function AppIcon({ name, ...props }: AppIconProps) {
  const { icon: Icon, found } = resolveIcon(name);
  return <Icon aria-hidden data-icon={found ? name : "fallback"} {...props} />;
}
