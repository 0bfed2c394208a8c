// The variables of the BB-code/text templates (DS Workbench's) with what they stand for.
import { attackTextVariables } from "@dsbot/protocol";
import { Code, ScrollArea, Table, Text } from "@mantine/core";
import { attackPlanTexts as texts } from "../texts";

export function TemplateVariables() {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {texts.variables}
      </Text>
      {/* 26 variables: the list scrolls beside the template instead of stretching the dialog. */}
      <ScrollArea.Autosize mah={300} type="auto" scrollbars="y">
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" aria-label={texts.variables}>
          <Table.Tbody>
            {Object.entries(attackTextVariables).map(([name, description]) => (
              <Table.Tr key={name}>
                <Table.Td w={190}>
                  <Code fz="xs">{name}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
