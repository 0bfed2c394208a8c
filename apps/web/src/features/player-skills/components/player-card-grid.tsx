// The responsive grid of player cards: by the width the page content really has (the sidebar takes
// part of wide screens), one card per row on phones and tablets, two or three on wide screens.
import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";

export function PlayerCardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, "880px": 2, "1500px": 3 }} spacing="lg" verticalSpacing="lg">
      {children}
    </SimpleGrid>
  );
}
