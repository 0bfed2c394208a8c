// The generic module form: fields generated from the module's zod schema, the enable
// switch on top, zod validation with the schema's German messages, save and reset to defaults. Leaving
// with unsaved changes asks first; a module that cannot run on the bot's world shows its switch off
// and disabled with the reason; the Umbenenner shows what it would change.
import { moduleDefaults, moduleRegistry, type ModuleName } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Stack, Switch, Text } from "@mantine/core";
import { IconDeviceFloppy, IconRestore } from "@tabler/icons-react";
import { useId, useMemo } from "react";
import { FormProvider, useController, useForm, type FieldValues, type Resolver } from "react-hook-form";
import { z } from "zod";
import { de } from "zod/locales";
import { confirm } from "@/components/ui/confirm-store";
import { useUnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { ApiError } from "@/lib/api";
import { botTexts } from "../texts";
import { FieldGroup } from "./module-fields";
import { RenamerPreview } from "./renamer-preview";
import { describeModuleSchema } from "./schema-fields";

// Zod's own fallback messages (e.g. "too small" on ids) in German, like the schemas' own texts.
z.config(de());

export type ModuleValues = Record<string, unknown>;

/** The stored config completed with the schema's defaults (older configs lack newer fields). */
export function withDefaults(name: ModuleName, stored: ModuleValues | undefined): ModuleValues {
  const parsed = moduleRegistry[name].schema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data as ModuleValues;
  return { ...(moduleDefaults(name) as ModuleValues), ...stored };
}

/** `unavailable`: why the module cannot run here; the switch can then only be turned off. */
function EnableSwitch({ unavailable }: { unavailable?: string | null }) {
  const { field, fieldState } = useController({ name: "enabled" });
  const reasonId = useId();
  const checked = Boolean(field.value);
  const reason = unavailable ?? fieldState.error?.message;
  return (
    <Stack gap={4} maw={560}>
      <Switch
        size="md"
        label={botTexts.moduleEnable}
        checked={checked}
        disabled={Boolean(unavailable) && !checked}
        onChange={(event) => field.onChange(event.currentTarget.checked)}
        ref={field.ref}
        name="enabled"
        aria-describedby={reason ? reasonId : undefined}
      />
      {reason && (
        <Text id={reasonId} size="sm" c={unavailable ? "dimmed" : "red.5"}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}

interface ModuleFormProps {
  name: ModuleName;
  initial: ModuleValues;
  onSave: (values: ModuleValues) => Promise<void>;
  /** Why the module cannot be switched on for this bot (the server's reason), if it cannot. */
  unavailable?: string | null;
}

export function ModuleForm({ name, initial, onSave, unavailable }: ModuleFormProps) {
  const schema = moduleRegistry[name].schema;
  const tree = useMemo(() => describeModuleSchema(schema), [schema]);
  const form = useForm<FieldValues>({
    // The registry's schemas differ per module; the form is generic over their shape.
    resolver: zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>) as Resolver<FieldValues>,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { handleSubmit, setError, reset, formState } = form;
  useUnsavedChangesGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      reset(values);
    } catch (error) {
      // Server issues go onto their fields; other failures were already reported by onSave.
      if (error instanceof ApiError) {
        for (const issue of error.issues) setError(issue.path || "root", { type: "server", message: issue.message });
      }
    }
  });

  const resetToDefaults = async () => {
    const ok = await confirm({
      title: botTexts.moduleResetTitle,
      message: botTexts.moduleResetMessage,
      confirmLabel: botTexts.moduleResetConfirm,
    });
    if (ok) reset(moduleDefaults(name) as FieldValues, { keepDefaultValues: true });
  };

  const fields = tree.children.filter((node) => node.key !== "enabled");
  const hasErrors = Object.keys(formState.errors).length > 0;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={moduleRegistry[name].label}>
        <Stack gap="lg">
          <Card>
            <Group justify="space-between" gap="md" wrap="wrap">
              <EnableSwitch unavailable={unavailable} />
              <Group gap="sm">
                <Button variant="default" leftSection={<IconRestore size={16} />} onClick={() => void resetToDefaults()}>
                  {botTexts.moduleReset}
                </Button>
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={formState.isSubmitting}>
                  {botTexts.save}
                </Button>
              </Group>
            </Group>
          </Card>
          <Card>
            <FieldGroup module={name} nodes={fields} path="" />
          </Card>
          {name === "renamer" && <RenamerPreview />}
          {hasErrors && (
            <Text c="red.5" size="sm" role="alert">
              {formState.errors.root?.message ?? botTexts.moduleInvalid}
            </Text>
          )}
        </Stack>
      </form>
    </FormProvider>
  );
}
