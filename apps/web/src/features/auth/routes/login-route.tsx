// /login: centered card on the ember backdrop; after login go to the (sanitised) redirect or /dashboard.
import { Card, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Logo } from "@/components/ui/logo";
import { sanitizeRedirect } from "@/lib/redirect";
import { useSession } from "@/lib/session";
import { LoginForm } from "../components/login-form";
import { authTexts } from "../texts";
import classes from "./login-route.module.css";

export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const target = sanitizeRedirect(params.get("redirect"));

  if (token) return <Navigate to={target} replace />;

  return (
    <div className={classes.page}>
      <div className={classes.inner}>
        <Stack gap="xs" align="center" className={classes.brand}>
          <Logo size={44} />
          <Text size="sm" c="dimmed">
            {authTexts.tagline}
          </Text>
        </Stack>
        <Card className={classes.card} shadow="xl" padding="xl">
          <Stack gap={4} mb="lg">
            <Title order={2} className={classes.title}>
              {authTexts.loginTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {authTexts.loginSubtitle}
            </Text>
          </Stack>
          <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
        </Card>
        <List
          className={classes.features}
          spacing={6}
          size="sm"
          center
          icon={
            <ThemeIcon size={18} radius="xl" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {authTexts.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </div>
    </div>
  );
}
