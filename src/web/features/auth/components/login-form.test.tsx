import { LOGIN_REQUIRED_MESSAGE } from "@shared/session";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginForm } from "./login-form";

afterEach(cleanup);

function fill(label: string | RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe("LoginForm", () => {
  it("asks for both fields before calling the server", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm onSubmit={onSubmit} />);
    fill("Adresse e-mail", "jean@durand.fr");
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", LOGIN_REQUIRED_MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Mot de passe").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends the e-mail trimmed and the password as typed", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm onSubmit={onSubmit} />);
    fill("Adresse e-mail", "  jean@durand.fr ");
    fill("Mot de passe", " secret ");
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: "jean@durand.fr", password: " secret " }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the server's message in a red alert", async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error("E-mail ou mot de passe incorrect");
    });
    render(<LoginForm onSubmit={onSubmit} />);
    fill("Adresse e-mail", "jean@durand.fr");
    fill("Mot de passe", "faux");
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect((await screen.findByRole("alert")).textContent).toBe("E-mail ou mot de passe incorrect");
  });

  it("toggles the password visibility with an accessible button", () => {
    render(<LoginForm onSubmit={async () => {}} />);
    const input = screen.getByLabelText("Mot de passe");
    expect(input.getAttribute("type")).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Afficher le mot de passe" }));
    expect(input.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Masquer le mot de passe" }).getAttribute("aria-pressed")).toBe("true");
  });
});
