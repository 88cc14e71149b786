import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../api/types';
import { App } from '../app';
import { fakeFetch } from '../test-support/fake-fetch';

const maker: User = {
  id: 2,
  username: 'mara',
  display_name: 'Mara Maker',
  email: 'mara@example.com',
  roles: ['Maker'],
  is_admin: false,
  active: true,
  language_pref: 'de',
  theme_pref: 'dark',
};

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/profile');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user preferences', () => {
  it('applies language and theme at login and changes them from the profile page', async () => {
    const { calls } = fakeFetch({
      'POST /api/auth/login': () => ({ body: { user: maker, api_key: 'k-9' } }),
      'PUT /api/auth/me': (call) => ({ body: { ...maker, ...(call.body as object) } }),
      'GET /api/recipes': () => ({ body: { items: [], total: 0, page: 1, per_page: 20, pages: 0 } }),
    });
    render(<App station={null} />);
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'mara' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('measure.apiKey')).toBe('k-9');

    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'en' } });
    fireEvent.change(screen.getByLabelText('Darstellung'), { target: { value: 'light' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    const update = calls.find((c) => c.method === 'PUT');
    expect(update?.body).toEqual({ display_name: 'Mara Maker', language_pref: 'en', theme_pref: 'light' });
    expect(update?.headers['x-api-key']).toBe('k-9');
  });

  it('shows the server’s reason when sign-in fails', async () => {
    fakeFetch({ 'POST /api/auth/login': () => ({ status: 401, body: { detail: 'Invalid credentials' } }) });
    render(<App station={null} />);
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Sign-in failed: Invalid credentials');
  });
});
