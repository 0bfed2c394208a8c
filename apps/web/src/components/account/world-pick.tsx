// The world of a new bot or user, picked among the worlds the server knows (GET /api/worlds): POST
// /api/dsbot and POST /api/users refuse any other. The value is kept a known world (the own world
// when known, else the first); an admin gets a link to "Welten" to add one, and without any known
// world everyone reads what to do instead of a form that cannot succeed.
import type { World, WorldSummary } from "@dsbot/protocol";
import { Alert, Anchor, Button, Select, Stack, Text } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { errorMessage } from "@/lib/api-error-message";
import { useSession } from "@/lib/session";
import { findWorld, worldsQueryOptions } from "@/lib/world-data";
import { worldOptions } from "./known-world-select";
import { accountTexts } from "./texts";

const key = (world: World) => `${world.server}/${world.world}`;

/**
 * The known worlds, as the pick and its form (to disable saving without any) both read them;
 * `enabled`: false while the form is closed, so a page with the form does not ask for nothing.
 */
export function useKnownWorlds(enabled = true) {
  const query = useQuery({ ...worldsQueryOptions(), enabled });
  const worlds: readonly WorldSummary[] = query.data?.worlds ?? [];
  return { query, worlds, none: query.isSuccess && worlds.length === 0 };
}

interface WorldPickProps<T extends FieldValues> {
  control: Control<T>;
  /** Field of the world object (default "world"). */
  name?: string;
}

export function WorldPick<T extends FieldValues>({ control, name = "world" }: WorldPickProps<T>) {
  const { query, worlds, none } = useKnownWorlds();
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const own = useSession((state) => state.user?.world);
  const { field, fieldState } = useController({ control, name: name as Path<T> });
  const value = field.value as World | undefined;
  const { onChange } = field;

  const current = value && findWorld(worlds, value);
  useEffect(() => {
    if (current || worlds.length === 0) return;
    const pick = findWorld(worlds, own) ?? worlds[0];
    if (pick) onChange({ server: pick.server, world: pick.world });
  }, [current, worlds, own, onChange]);

  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={accountTexts.world}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
            {commonTexts.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (none) {
    return (
      <Alert color="yellow" variant="light" icon={<IconWorld size={18} />} title={accountTexts.worldsNone} data-world-pick="none">
        <Text size="sm">{isAdmin ? accountTexts.worldsNoneAdmin : accountTexts.worldsNoneUser}</Text>
        {isAdmin && (
          <Anchor component={Link} to={paths.worlds} size="sm">
            {accountTexts.worldsLink}
          </Anchor>
        )}
      </Alert>
    );
  }

  const options = worldOptions(worlds, value, query.isPending);
  const error = fieldState.error?.message ?? (fieldState.error as { world?: { message?: string } } | undefined)?.world?.message;
  return (
    <Stack gap={4}>
      <Select
        label={accountTexts.world}
        description={isAdmin ? accountTexts.worldPickHintAdmin : accountTexts.worldPickHintUser}
        data={options}
        value={value?.server && value.world ? key(value) : null}
        onChange={(next) => {
          const chosen = worlds.find((world) => key(world) === next);
          if (chosen) onChange({ server: chosen.server, world: chosen.world });
        }}
        onBlur={field.onBlur}
        ref={field.ref}
        searchable={options.length > 8}
        allowDeselect={false}
        nothingFoundMessage={accountTexts.worldNothingFound}
        disabled={query.isPending}
        error={error}
        aria-required
      />
      {isAdmin && (
        <Anchor component={Link} to={paths.worlds} size="xs" style={{ alignSelf: "flex-start" }}>
          {accountTexts.worldPickAdd}
        </Anchor>
      )}
    </Stack>
  );
}
