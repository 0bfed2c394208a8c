// Share a plan with a user by exact username (admins get suggestions) and a level: look the name up,
// then grant.
import { attackPlanGrantLevelLabels, attackPlanGrantLevels, type AttackPlanGrantLevel } from "@dsbot/protocol";
import { Group, Select } from "@mantine/core";
import { useState } from "react";
import { GrantButton, UserSuggestField, useGrantByUsername } from "@/components/access/grant-by-username";
import { useSession } from "@/lib/session";
import { useGrantPlan } from "../api/permissions-api";
import { attackPlanTexts as texts } from "../texts";

const levelOptions = attackPlanGrantLevels.map((level) => ({ value: level, label: attackPlanGrantLevelLabels[level] }));

/** Answers about the name itself (unknown, invalid, the owner) belong under the field, from either step. */
const nameStatuses = [400, 404, 409];
const fieldStatuses = { lookup: nameStatuses, grant: nameStatuses };

export function GrantPlanForm({ planId }: { planId: number }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const grant = useGrantPlan(planId);
  const [level, setLevel] = useState<AttackPlanGrantLevel>("read");
  const form = useGrantByUsername({
    grant: (userId) => grant.mutateAsync({ userId, level }),
    grantPending: grant.isPending,
    fieldStatuses,
    grantedText: texts.granted,
  });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <UserSuggestField
          suggest={isAdmin}
          label={texts.grantUsername}
          placeholder={texts.grantUsernamePlaceholder}
          value={form.username}
          onChange={form.onChange}
          error={form.error}
          autoComplete="off"
          style={{ flex: "1 1 200px" }}
        />
        <Select label={texts.level} data={levelOptions} value={level} onChange={(value) => value && setLevel(value as AttackPlanGrantLevel)} allowDeselect={false} w={150} />
        <GrantButton mt={25} username={form.username} pending={form.pending} label={texts.grant} />
      </Group>
    </form>
  );
}
