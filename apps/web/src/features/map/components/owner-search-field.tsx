// A text field offering the world's players and tribes as you type, with a submit button; used to jump
// (toolbar) and to mark (legend). `onSubmit` answers a German message when the text leads nowhere,
// shown under the field until the text changes; `clearOnSuccess` empties the field after a hit.
import { Autocomplete, Button, type MantineSize } from "@mantine/core";
import { useState, type CSSProperties } from "react";
import type { WorldData } from "@/lib/world-data";
import { jumpSuggestions } from "../lib/jump";
import { mapTexts } from "../texts";

interface OwnerSearchFieldProps {
  data: WorldData;
  label: string;
  placeholder: string;
  buttonLabel: string;
  onSubmit: (value: string) => string | null;
  clearOnSuccess?: boolean;
  size?: MantineSize;
  buttonVariant?: "filled" | "light";
  role?: "search";
  style?: CSSProperties;
}

export function OwnerSearchField({
  data,
  label,
  placeholder,
  buttonLabel,
  onSubmit,
  clearOnSuccess = false,
  size = "sm",
  buttonVariant = "filled",
  role,
  style,
}: OwnerSearchFieldProps) {
  const [query, setQuery] = useState("");
  const [error, setError] = useState<string | null>(null);
  const suggestions = jumpSuggestions(query, data);
  const submit = (value: string) => {
    const message = onSubmit(value);
    setError(message);
    if (message === null && clearOnSuccess) setQuery("");
  };

  return (
    <form
      role={role}
      style={{ display: "flex", gap: size === "xs" ? 4 : 6, alignItems: "flex-start", ...style }}
      onSubmit={(event) => {
        event.preventDefault();
        submit(query);
      }}
    >
      <Autocomplete
        size={size}
        aria-label={label}
        placeholder={placeholder}
        value={query}
        onChange={(value) => {
          setQuery(value);
          setError(null);
        }}
        onOptionSubmit={submit}
        data={[
          { group: mapTexts.groupPlayers, items: suggestions.players },
          { group: mapTexts.groupAllies, items: suggestions.allies },
        ].filter((g) => g.items.length > 0)}
        error={error}
        style={{ flex: 1 }}
      />
      <Button size={size} type="submit" variant={buttonVariant}>
        {buttonLabel}
      </Button>
    </form>
  );
}
