// Shared empty / error / forbidden / not-found states, so every page fails and waits the same way.
import { Button, EmptyState, Paper } from "@mantine/core";
import { IconAlertTriangle, IconLock, IconMoodEmpty, IconSearchOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { commonTexts } from "@/config/texts";

interface StateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  color?: string;
  /** Render inside a bordered card (default) or bare, e.g. inside a table. */
  framed?: boolean;
}

export function StateMessage({ title, description, action, icon, color = "gray", framed = true }: StateProps) {
  const body = (
    <EmptyState variant="light" color={color} icon={icon ?? <IconMoodEmpty size={26} />} title={title} description={description} py="xl">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
  return framed ? (
    <Paper withBorder radius={15} p="lg">
      {body}
    </Paper>
  ) : (
    body
  );
}

export function ErrorState({ message, onRetry, framed }: { message?: string; onRetry?: () => void; framed?: boolean }) {
  return (
    <StateMessage
      framed={framed}
      color="red"
      icon={<IconAlertTriangle size={26} />}
      title={commonTexts.loadFailed}
      description={message}
      action={
        onRetry && (
          <Button variant="light" onClick={onRetry}>
            {commonTexts.retry}
          </Button>
        )
      }
    />
  );
}

export function ForbiddenState() {
  return (
    <StateMessage color="yellow" icon={<IconLock size={26} />} title={commonTexts.forbidden} description={commonTexts.forbiddenHint} />
  );
}

export function NotFoundState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return <StateMessage icon={<IconSearchOff size={26} />} title={title} description={description} action={action} />;
}
