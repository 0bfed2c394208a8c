// Renders a module field tree (schema-fields) as Mantine inputs bound to the surrounding form.
import type { ModuleName } from "@dsbot/protocol";
import { ActionIcon, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useController, useFieldArray, useFormContext } from "react-hook-form";
import { templatesQueryOptions } from "@/lib/builder-templates-query";
import { botTexts } from "../texts";
import classes from "../components/bots.module.css";
import { fieldDescriptions, fieldLabel, optionLabel } from "./labels";
import { useBotVillages, useModuleBotId, villageOptions } from "./bot-villages";
import { ScannerPlansField } from "./scanner-plans-field";
import { emptyValue, type FieldNode } from "./schema-fields";

interface FieldProps<N extends FieldNode = FieldNode> {
  module: ModuleName;
  node: N;
  path: string;
}

function join(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

function toNumberValue(value: unknown): number | string {
  return typeof value === "number" && Number.isFinite(value) ? value : "";
}

function BooleanField({ module, path }: FieldProps) {
  const { field, fieldState } = useController({ name: path });
  return (
    <Switch
      label={fieldLabel(module, path)}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
      error={fieldState.error?.message}
    />
  );
}

interface IdPickProps {
  node: Extract<FieldNode, { kind: "number" }>;
  path: string;
  label: string;
  placeholder: string;
  description?: string;
  nothingFoundMessage: string;
  /** The choices, given the id the field holds now (kept as a choice even when it is not listed). */
  options: (value: number | null) => { value: string; label: string }[];
}

/** A number field picked from a list by name (a village, a template): the id is kept; cleared, null or NaN. */
function IdPickField({ node, path, options, ...select }: IdPickProps) {
  const { field, fieldState } = useController({ name: path });
  const value = typeof field.value === "number" && Number.isFinite(field.value) ? field.value : null;
  return (
    <Select
      {...select}
      data={options(value)}
      value={value === null ? null : String(value)}
      onChange={(next) => field.onChange(next ? Number(next) : node.nullable ? null : Number.NaN)}
      onBlur={field.onBlur}
      ref={field.ref}
      searchable
      clearable={node.nullable}
      error={fieldState.error?.message}
    />
  );
}

/** A village id as a choice among the bot's villages (null allowed where the schema allows it). */
function VillagePickField({ node, path }: FieldProps<Extract<FieldNode, { kind: "number" }>>) {
  const villages = useBotVillages() ?? [];
  return (
    <IdPickField
      node={node}
      path={path}
      label={botTexts.villageLabel}
      placeholder={node.nullable ? botTexts.villageAll : botTexts.villagePick}
      nothingFoundMessage={botTexts.villageNone}
      options={(value) => villageOptions(villages, value === null ? [] : [value])}
    />
  );
}

/** The builder's and the template assigner's template, picked by name among the user's templates. */
function TemplatePickField({ module, node, path }: FieldProps<Extract<FieldNode, { kind: "number" }>>) {
  const query = useQuery(templatesQueryOptions);
  const templates = query.data?.templates ?? [];
  return (
    <IdPickField
      node={node}
      path={path}
      label={fieldLabel(module, path)}
      placeholder={query.isPending ? botTexts.templatesLoading : templates.length === 0 ? botTexts.templateNone : botTexts.templatePick}
      description={templates.length === 0 && query.isSuccess ? botTexts.templateCreateHint : undefined}
      nothingFoundMessage={botTexts.templateNone}
      options={(value) => {
        const data = templates.map((t) => ({ value: String(t.id), label: t.name }));
        if (value !== null && !templates.some((t) => t.id === value)) data.push({ value: String(value), label: `#${value}` });
        return data;
      }}
    />
  );
}

function NumberField({ module, node, path, label }: FieldProps<Extract<FieldNode, { kind: "number" }>> & { label?: string }) {
  const { field, fieldState } = useController({ name: path });
  return (
    <NumberInput
      label={label ?? fieldLabel(module, path)}
      value={toNumberValue(field.value)}
      onChange={(value) => {
        if (value === "" || value === undefined) field.onChange(node.nullable ? null : Number.NaN);
        else field.onChange(typeof value === "number" ? value : Number(value));
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
      min={node.min}
      max={node.max}
      allowDecimal={!node.integer}
      clampBehavior="none"
      // Ids read badly as "4.711"; amounts and points read better grouped.
      thousandSeparator={node.max !== undefined && node.max >= 10_000 ? "." : undefined}
      decimalSeparator=","
      error={fieldState.error?.message}
    />
  );
}

function StringField({ module, path }: FieldProps) {
  const { field, fieldState } = useController({ name: path });
  const key = path.split(".").at(-1) ?? path;
  return (
    <TextInput
      label={fieldLabel(module, path)}
      description={fieldDescriptions[key]}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
      error={fieldState.error?.message}
    />
  );
}

function EnumField({ module, node, path }: FieldProps<Extract<FieldNode, { kind: "enum" }>>) {
  const { field, fieldState } = useController({ name: path });
  return (
    <Select
      label={fieldLabel(module, path)}
      description={fieldDescriptions[path.split(".").at(-1) ?? path]}
      data={node.options.map((value) => ({ value, label: optionLabel(value) }))}
      value={typeof field.value === "string" ? field.value : null}
      onChange={(value) => value && field.onChange(value)}
      onBlur={field.onBlur}
      ref={field.ref}
      allowDeselect={false}
      error={fieldState.error?.message}
    />
  );
}

function NumberListField({ module, path }: FieldProps) {
  const { field, fieldState } = useController({ name: path });
  const values = Array.isArray(field.value) ? (field.value as unknown[]).map(String) : [];
  const key = path.split(".").at(-1) ?? path;
  const villages = useBotVillages();
  const botId = useModuleBotId();
  if (botId !== null && module === "attack-planner-scanner" && key === "attackPlanIds") {
    return <ScannerPlansField botId={botId} path={path} label={fieldLabel(module, path)} description={fieldDescriptions[key]} />;
  }
  if (villages && key === "villageIds") {
    return (
      <MultiSelect
        label={botTexts.villagesLabel}
        description={fieldDescriptions[key]}
        placeholder={botTexts.villagePick}
        data={villageOptions(villages, values.map(Number))}
        value={values}
        onChange={(next) => field.onChange(next.map(Number))}
        onBlur={field.onBlur}
        ref={field.ref}
        searchable
        clearable
        nothingFoundMessage={botTexts.villageNone}
        error={fieldState.error?.message}
      />
    );
  }
  return (
    <TagsInput
      label={fieldLabel(module, path)}
      description={fieldDescriptions[key] ?? botTexts.numberListHint}
      placeholder={botTexts.numberListHint}
      value={values}
      onChange={(next) => field.onChange(next.map((v) => Number(v.trim())).filter((n) => Number.isInteger(n) && n > 0))}
      onBlur={field.onBlur}
      ref={field.ref}
      splitChars={[",", " ", ";"]}
      clearable
      error={fieldState.error?.message}
    />
  );
}

function EnumListField({ module, node, path }: FieldProps<Extract<FieldNode, { kind: "enumList" }>>) {
  const { field, fieldState } = useController({ name: path });
  return (
    <MultiSelect
      label={fieldLabel(module, path)}
      data={node.options.map((value) => ({ value, label: optionLabel(value) }))}
      value={Array.isArray(field.value) ? (field.value as string[]) : []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
      clearable
      error={fieldState.error?.message}
    />
  );
}

function RecordField({ module, node, path }: FieldProps<Extract<FieldNode, { kind: "record" }>>) {
  const { field, fieldState } = useController({ name: path });
  const value = (field.value ?? {}) as Record<string, unknown>;
  const update = (key: string, next: number | string) => {
    const copy = { ...value };
    if (next === "") delete copy[key];
    else copy[key] = typeof next === "number" ? next : Number(next);
    field.onChange(copy);
  };
  const number = node.value.kind === "number" ? node.value : undefined;
  // A bad value sits under its key (e.g. "templateA.light"), not on the record itself.
  const keyErrors = (fieldState.error ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <Fieldset legend={fieldLabel(module, path)} error={fieldState.error?.message}>
      <SimpleGrid type="container" cols={{ base: 2, "420px": 3, "640px": 4 }} spacing="sm">
        {node.keys.map((key) => (
          <NumberInput
            key={key}
            label={fieldLabel(module, join(path, key))}
            value={toNumberValue(value[key])}
            onChange={(next) => update(key, next)}
            min={number?.min}
            max={number?.max}
            allowDecimal={false}
            clampBehavior="none"
            size="xs"
            error={keyErrors[key]?.message}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

function Fieldset({ legend, children, error }: { legend: string; children: ReactNode; error?: string }) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      {children}
      {error && (
        <Text size="xs" c="red.5" mt="xs">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

function ObjectListField({ module, node, path }: FieldProps<Extract<FieldNode, { kind: "objectList" }>>) {
  const { control, getFieldState, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: path });
  const rootError = getFieldState(path, formState).error;
  return (
    <Fieldset legend={fieldLabel(module, path)} error={rootError?.message ?? rootError?.root?.message}>
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {botTexts.listEmpty}
          </Text>
        )}
        {fields.map((item, index) => (
          <Group key={item.id} align="flex-start" gap="sm" wrap="nowrap" className={classes.moduleRow}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <FieldGroup module={module} nodes={node.item.children} path={join(path, String(index))} />
            </div>
            <ActionIcon variant="subtle" color="red" mt={24} aria-label={botTexts.removeRow(index + 1)} onClick={() => remove(index)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append(emptyValue(node.item) as object)} w="fit-content">
          {botTexts.addRow}
        </Button>
      </Stack>
    </Fieldset>
  );
}

type BlockKind = "input" | "switch" | "group";

function blockKind(node: FieldNode): BlockKind {
  if (node.kind === "boolean") return "switch";
  if (node.kind === "number" || node.kind === "string" || node.kind === "enum") return "input";
  return "group";
}

export function ModuleField({ module, node, path }: FieldProps) {
  const villages = useBotVillages();
  switch (node.kind) {
    case "boolean":
      return <BooleanField module={module} node={node} path={path} />;
    case "number":
      // A village id picks among the bot's villages where the world data knows them.
      if (villages && node.key === "villageId") return <VillagePickField module={module} node={node} path={path} />;
      if (node.key === "defaultTemplateId" || node.key === "templateId") return <TemplatePickField module={module} node={node} path={path} />;
      return <NumberField module={module} node={node} path={path} />;
    case "string":
      return <StringField module={module} node={node} path={path} />;
    case "enum":
      return <EnumField module={module} node={node} path={path} />;
    case "numberList":
      return <NumberListField module={module} node={node} path={path} />;
    case "enumList":
      return <EnumListField module={module} node={node} path={path} />;
    case "record":
      return <RecordField module={module} node={node} path={path} />;
    case "objectList":
      return <ObjectListField module={module} node={node} path={path} />;
    case "object":
      return (
        <Fieldset legend={fieldLabel(module, path)}>
          <FieldGroup module={module} nodes={node.children} path={path} />
        </Fieldset>
      );
    default:
      return null;
  }
}

/** Inputs side by side, switches in their own row, nested groups full width; schema order kept. */
export function FieldGroup({ module, nodes, path }: { module: ModuleName; nodes: FieldNode[]; path: string }) {
  const blocks: { kind: BlockKind; nodes: FieldNode[] }[] = [];
  for (const node of nodes) {
    const kind = blockKind(node);
    const last = blocks.at(-1);
    if (last && last.kind === kind && kind !== "group") last.nodes.push(node);
    else blocks.push({ kind, nodes: [node] });
  }
  return (
    <Stack gap="md">
      {blocks.map((block) =>
        block.kind === "group" ? (
          block.nodes.map((node) => <ModuleField key={node.key} module={module} node={node} path={join(path, node.key)} />)
        ) : (
          <SimpleGrid
            key={block.nodes.map((n) => n.key).join("|")}
            type="container"
            cols={block.kind === "switch" ? { base: 1, "520px": 2, "900px": 3 } : { base: 1, "420px": 2, "900px": 3 }}
            spacing="md"
            verticalSpacing="sm"
          >
            {block.nodes.map((node) => (
              <ModuleField key={node.key} module={module} node={node} path={join(path, node.key)} />
            ))}
          </SimpleGrid>
        ),
      )}
    </Stack>
  );
}
