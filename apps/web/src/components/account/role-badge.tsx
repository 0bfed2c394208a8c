// The role of a user as a badge: admins in the primary colour, users neutral.
import { roleLabels, type Role } from "@dsbot/protocol";
import { Badge } from "@mantine/core";

export function RoleBadge({ role }: { role: Role }) {
  return role === "admin" ? (
    <Badge variant="light" radius="sm">
      {roleLabels[role]}
    </Badge>
  ) : (
    <Badge variant="default" radius="sm">
      {roleLabels[role]}
    </Badge>
  );
}
