// Unknown addresses inside the app.
import { Button } from "@mantine/core";
import { useNavigate } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { NotFoundState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";

export function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <>
      <RoutePageHeader />
      <NotFoundState
        title={commonTexts.notFoundTitle}
        description={commonTexts.notFoundText}
        action={
          <Button variant="light" onClick={() => void navigate(paths.dashboard)}>
            {commonTexts.toDashboard}
          </Button>
        }
      />
    </>
  );
}
