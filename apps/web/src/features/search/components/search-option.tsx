// One navigable row of the search dialog (a result or a recent search): icon, label, optional extras.
import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./search-dialog.module.css";

export interface SearchOptionProps {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  description?: string;
  /** Shown right of the label (chip, date). */
  extra?: ReactNode;
  onSelect: () => void;
  onHover: () => void;
}

export function SearchOption({ id, label, icon, active, description, extra, onSelect, onHover }: SearchOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-active={active || undefined}
      className={classes.option}
      onClick={onSelect}
      onMouseMove={active ? undefined : onHover}
    >
      <span className={classes.optionIcon}>
        {icon}
      </span>
      <span className={classes.optionText}>
        <Text size="sm" fw={500} truncate component="span" className={classes.optionLabel}>
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed" truncate component="span">
            {description}
          </Text>
        )}
      </span>
      {extra}
    </div>
  );
}
