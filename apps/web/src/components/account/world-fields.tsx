// Server + world inputs of a form whose values contain `world: { server, world }`.
import { knownServers } from "@dsbot/protocol";
import { Autocomplete, SimpleGrid, TextInput } from "@mantine/core";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { accountTexts } from "./texts";

interface WorldFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Field prefix of the world object (default "world"). */
  name?: string;
}

export function WorldFields<T extends FieldValues>({ control, name = "world" }: WorldFieldsProps<T>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Controller
        control={control}
        name={`${name}.server` as Path<T>}
        render={({ field, fieldState }) => (
          <Autocomplete
            label={accountTexts.server}
            placeholder={accountTexts.serverPlaceholder}
            data={[...knownServers]}
            value={(field.value as string | undefined) ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            aria-required
          />
        )}
      />
      <Controller
        control={control}
        name={`${name}.world` as Path<T>}
        render={({ field, fieldState }) => (
          <TextInput
            label={accountTexts.world}
            placeholder={accountTexts.worldPlaceholder}
            value={(field.value as string | undefined) ?? ""}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            aria-required
          />
        )}
      />
    </SimpleGrid>
  );
}
