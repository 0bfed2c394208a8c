// Bot-ID (what `dsbot bots add --id` takes, with a copy button), player, world, status, owner and dates of a bot.
import { gameBaseUrl, type Dsbot } from "@dsbot/protocol";
import { Anchor, Button } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";
import { CopyButton } from "@/components/ui/copy-button";
import { InfoList } from "@/components/ui/info-list";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/dates";
import { botTexts } from "../texts";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";

export function BotOverviewCard({ bot, withConfigLink = true, title = botTexts.overview }: { bot: Dsbot; withConfigLink?: boolean; title?: string }) {
  return (
    <SectionCard
      title={title}
      action={
        withConfigLink && (
          <Button component={Link} to={paths.botConfig(bot.id)} variant="default" size="xs" leftSection={<IconSettings size={14} />}>
            {botTexts.config}
          </Button>
        )
      }
    >
      <InfoList
        items={[
          {
            label: botTexts.botId,
            value: (
              <>
                <span data-bot-id={bot.id}>{bot.id}</span>
                <CopyButton value={String(bot.id)} label={botTexts.copyBotId(bot.dsPlayer.name)} size="sm" />
              </>
            ),
          },
          { label: botTexts.columns.player, value: bot.dsPlayer.name },
          {
            label: botTexts.world,
            value: (
              <Anchor href={gameBaseUrl(bot.world)} target="_blank" rel="noreferrer" size="sm">
                {bot.world.world.toUpperCase()}
              </Anchor>
            ),
          },
          { label: botTexts.server, value: bot.world.server },
          { label: botTexts.status, value: <BotStatusBadge status={bot.status} protectedSince={bot.protectedSince} /> },
          { label: botTexts.owner, value: bot.ownerId },
          { label: botTexts.createdAt, value: formatDate(bot.createdAt) },
          { label: botTexts.updatedAt, value: formatDate(bot.updatedAt) },
        ]}
      />
    </SectionCard>
  );
}
