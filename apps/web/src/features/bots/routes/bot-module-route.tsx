// Module page (/bots/:id/<module>): the module's form; title from the module registry.
import { isModuleName, moduleRegistry, type ModuleName } from "@dsbot/protocol";
import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { setBotModuleEnabled } from "../api/bot-cache";
import { botKeys, botModuleQueryOptions, botQueryOptions, saveBotModule } from "../api/bots-api";
import { BotNotFound, BotPageSkeleton, BotPageState, parseBotId } from "../components/bot-page-state";
import { BotVillagesProvider } from "../modules/bot-villages";
import { ModuleForm, withDefaults, type ModuleValues } from "../modules/module-form";
import { botTexts } from "../texts";

function moduleFromPath(pathname: string): ModuleName | undefined {
  const segment = pathname.replace(/\/+$/, "").split("/").at(-1) ?? "";
  return isModuleName(segment) ? segment : undefined;
}

export function BotModuleRoute() {
  const id = parseBotId(useParams().id);
  const name = moduleFromPath(useLocation().pathname);
  if (id === undefined || !name) {
    return (
      <>
        <RoutePageHeader />
        <BotNotFound />
      </>
    );
  }
  return <BotModulePage id={id} name={name} />;
}

function BotModulePage({ id, name }: { id: number; name: ModuleName }) {
  const client = useQueryClient();
  const bot = useQuery(botQueryOptions(id));
  const query = useQuery(botModuleQueryOptions(id, name));
  const meta = moduleRegistry[name];
  const player = bot.data?.dsbot.dsPlayer.name;

  const save = async (values: ModuleValues) => {
    try {
      const { module } = await saveBotModule(id, name, values);
      client.setQueryData(botModuleQueryOptions(id, name).queryKey, (before) => ({ ...before, module }));
      setBotModuleEnabled(client, id, name, Boolean(module.enabled ?? values.enabled));
      void client.invalidateQueries({ queryKey: botKeys.botLogs(id) });
      alert.success(botTexts.moduleSaved(meta.label));
    } catch (error) {
      if (!(error instanceof ApiError && error.issues.length > 0)) alertError(error);
      throw error;
    }
  };

  return (
    <>
      <RoutePageHeader
        subtitle={player ? `${player} · ${meta.description}` : meta.description}
        actions={
          <Button component={Link} to={paths.botDetail(id)} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {botTexts.backToBot}
          </Button>
        }
      />
      {query.data ? (
        <BotVillagesProvider botId={id}>
          <ModuleForm
            key={`${id}-${name}-${query.dataUpdatedAt}`}
            name={name}
            initial={withDefaults(name, query.data.module)}
            onSave={save}
            unavailable={query.data.unavailable}
          />
        </BotVillagesProvider>
      ) : query.isError ? (
        <BotPageState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <BotPageSkeleton />
      )}
    </>
  );
}
