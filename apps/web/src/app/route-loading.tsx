// What a page shows while its code loads (lazy routes in router.tsx): the app's centred loader.
import { Center, Loader } from "@mantine/core";
import { commonTexts } from "@/config/texts";

export function RouteLoading() {
  return (
    <Center mih="50dvh" role="status" aria-label={commonTexts.pageLoading}>
      <Loader type="dots" />
    </Center>
  );
}
