// Change the own world (PATCH /api/profile): chosen from the known worlds (GET /api/worlds); typed in
// freely when the server knows no world yet (or the list cannot be loaded), and by admins on request.
import { profileUpdateSchema, type ProfileUpdate, type User } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { KnownWorldSelect } from "@/components/account/known-world-select";
import { accountTexts } from "@/components/account/texts";
import { WorldFields } from "@/components/account/world-fields";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { worldsQueryOptions } from "@/lib/world-data";
import { useUpdateProfile } from "../api/profile-api";
import { profileTexts } from "../texts";

export function WorldForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const known = useQuery(worldsQueryOptions());
  const [freeEntry, setFreeEntry] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    values: { world: { ...user.world } },
  });
  const worlds = known.data?.worlds ?? [];
  // While the list loads the select shows the current world; without known worlds it is free entry.
  const choose = !freeEntry && (known.isPending || worlds.length > 0);

  const submit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await update.mutateAsync(values);
      reset({ world: { ...saved.world } });
      alert.success(profileTexts.worldSaved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {choose ? <KnownWorldSelect control={control} worlds={worlds} loading={known.isPending} /> : <WorldFields control={control} />}
        <Group justify={user.isAdmin && worlds.length > 0 ? "space-between" : "flex-end"}>
          {user.isAdmin && worlds.length > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => setFreeEntry((free) => !free)}>
              {freeEntry ? accountTexts.worldChooseKnown : accountTexts.worldFreeEntry}
            </Button>
          )}
          <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
            {profileTexts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
