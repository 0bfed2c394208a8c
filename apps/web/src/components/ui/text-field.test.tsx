import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render-ui";
import { TextField } from "./text-field";

function Form({ onValid }: { onValid: (values: { name: string }) => void }) {
  const { control, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: "" } });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <TextField control={control} name="name" label="Name" required />
      <Button type="submit">Speichern</Button>
    </form>
  );
}

describe("TextField required flag", () => {
  it("shows 'Eingabe erforderlich' for an empty value and lets a filled one through", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderUi(<Form onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Eingabe erforderlich")).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Dorf");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(onValid).toHaveBeenCalledWith({ name: "Dorf" }, expect.anything());
  });
});
