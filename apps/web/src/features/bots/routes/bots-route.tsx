// Bots (/bots): the bot list and the bot manager selection view.
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { BotListCard } from "../components/bot-list-card";
import { BotManagerCard } from "../components/bot-manager-card";
import { CreateBotModal } from "../components/create-bot-modal";
import { botTexts } from "../texts";

export function BotsRoute() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <RoutePageHeader
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {botTexts.create}
          </Button>
        }
      />
      <Stack gap="lg">
        <BotListCard onCreate={() => setCreating(true)} />
        <BotManagerCard />
      </Stack>
      <CreateBotModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
