// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '#shared/texts';
import { ApiError } from '#client/lib/api';
import { json, type RenderedRoutes, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { defaultAvailability } from '../lib/dates';
import { HOST_EMAIL, session } from '#client/test/hosting';
import { AddHomePage, WAIT_FOR_UPLOADS } from './add-home';

const uploads = vi.hoisted(() => ({ uploadPicture: vi.fn() }));
vi.mock('#client/lib/uploads', () => uploads);

const key = (c: string) => c.repeat(32);
const stored = (c: string) => ({ url: `/uploads/${key(c)}-1280.webp`, width: 1280, height: 960 });

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;
beforeEach(() => {
  uploads.uploadPicture.mockReset();
});

const routes = [
  { path: '/dashboard/add-home', element: <AddHomePage /> },
  { path: '/dashboard/manage-home', element: <h1>Manage list</h1> },
];

/** The picker accepts images only; the tests also choose other files, as a user can with "All files". */
const user = () => userEvent.setup({ applyAccept: false });

async function render() {
  view = await renderRoutes(routes, ['/dashboard/add-home']);
  await screen.findByRole('button', { name: TEXTS.saveAndContinue });
  return view;
}

/** A labelled field (the required asterisk is hidden from the accessible name). */
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const saveButton = () =>
  screen.getByRole('button', { name: new RegExp(`${TEXTS.saveAndContinue}|${TEXTS.savingLower}`) });
const pictureList = () => screen.getByRole('list', { name: 'Chosen pictures' });
const pictureNames = () =>
  within(pictureList())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent);

async function fillRequired(u: ReturnType<typeof user>) {
  await u.type(field('Location'), 'Porto');
  await u.type(field('Title'), '  River loft  ');
  await u.type(field('Price per night (USD)'), '95.5');
  await u.type(field('Total guests'), '3');
  await u.type(field('Bedrooms'), '1');
  await u.type(field('Bathrooms'), '1');
}

describe('AddHomePage', () => {
  it('starts today and ends tomorrow, with the "Upload Image" label and "Save & Continue"', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    await render();
    const dates = defaultAvailability(new Date());
    expect(field('Available from').value).toBe(dates.from);
    expect(field('Available to').value).toBe(dates.to);
    expect(screen.getByLabelText(TEXTS.uploadImage).getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(saveButton().textContent).toBe(TEXTS.saveAndContinue);
  });

  it('shows the shared schema errors inline, linked to the fields, and focuses the first invalid one', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/get-session': json(session) });
    const { container } = await render();
    const u = user();
    await u.clear(field('Available to'));
    await u.type(field('Available to'), field('Available from').value);
    await u.click(saveButton());
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]').length).toBe(6));
    for (const input of container.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.some((id) => document.getElementById(id)?.className.includes('text-red-700'))).toBe(true);
    }
    expect(screen.getByText('Location is required')).toBeDefined();
    expect(screen.getByText('Price is required')).toBeDefined();
    expect(document.activeElement).toBe(field('Location'));

    // The dates rule spans two fields: it is checked once the fields themselves are valid.
    await fillRequired(u);
    await u.click(saveButton());
    expect(await screen.findByText('The available-to date must be after the available-from date')).toBeDefined();
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    expect(document.activeElement).toBe(field('Available to'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('uploads pictures as they are chosen, waits for them on Save, and sends them in the order the host set', async () => {
    let body: unknown;
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'POST /api/homes': ({ body: sent }) => {
        body = sent;
        return json({ acknowledged: true, insertedId: 'new1' });
      },
    });
    const resolvers: Array<(value: ReturnType<typeof stored>) => void> = [];
    uploads.uploadPicture.mockImplementation(() => new Promise((resolve) => resolvers.push(resolve)));
    await render();
    const u = user();
    await fillRequired(u);
    // The host's terms: a cleaning fee and the strict policy.
    const fee = screen.getByLabelText('Cleaning fee per stay (USD)');
    await u.clear(fee);
    await u.type(fee, '30.5');
    await u.selectOptions(screen.getByLabelText('Cancellation policy'), 'Strict');
    await u.upload(screen.getByLabelText(TEXTS.uploadImage), [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'garden.jpg', { type: 'image/jpeg' }),
    ]);
    expect(uploads.uploadPicture).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText(/Uploading…/)).toHaveLength(2);
    expect(screen.getByLabelText('2 images')).toBeDefined();

    // Move the garden picture up: it becomes the cover and keeps focus on its control.
    await u.click(screen.getByRole('button', { name: 'Move up: garden.jpg' }));
    expect(pictureNames()).toEqual(['garden.jpg', 'front.png']);
    expect(within(pictureList()).getAllByRole('listitem')[0]?.textContent).toContain('Cover');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: garden.jpg' }));

    // Save while uploading: it waits, then goes on by itself.
    await u.click(saveButton());
    expect(await screen.findByText(WAIT_FOR_UPLOADS)).toBeDefined();
    expect(saveButton().textContent).toBe(TEXTS.savingLower);
    expect(body).toBeUndefined();
    await act(async () => {
      resolvers[0]!(stored('a'));
      resolvers[1]!(stored('b'));
    });
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(body).toEqual({
      location: 'Porto',
      title: 'River loft',
      // Porto is a known city: its zone is proposed.
      timeZone: 'Europe/Lisbon',
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      price: 95.5,
      total_guest: 3,
      bedrooms: 1,
      bathrooms: 1,
      description: '',
      cleaningFee: 30.5,
      cancellationPolicy: 'strict',
      image: `/uploads/${key('b')}-1280.webp`,
      images: [`/uploads/${key('b')}-1280.webp`, `/uploads/${key('a')}-1280.webp`],
      hostEmail: HOST_EMAIL,
    });
    expect(toast.success).toHaveBeenCalledWith(TEXTS.homeAdded);
  });

  it('refuses to save while a picture failed to upload, until it is retried or removed', async () => {
    let body: unknown;
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'POST /api/homes': ({ body: sent }) => {
        body = sent;
        return json({ acknowledged: true, insertedId: 'new1' });
      },
    });
    uploads.uploadPicture
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'Could not reach StayHub.'))
      .mockResolvedValueOnce(stored('c'));
    await render();
    const u = user();
    await fillRequired(u);
    await u.upload(screen.getByLabelText(TEXTS.uploadImage), new File(['c'], 'porch.png', { type: 'image/png' }));
    expect(await within(pictureList()).findByRole('alert')).toBeDefined();

    await u.click(saveButton());
    expect(await screen.findByText('porch.png was not uploaded. Retry it or remove it before saving.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry: porch.png' }));
    expect(body).toBeUndefined();

    await u.click(screen.getByRole('button', { name: 'Retry: porch.png' }));
    expect(await screen.findByText('Uploaded')).toBeDefined();
    expect(screen.queryByText(/was not uploaded/)).toBeNull();
    await u.click(saveButton());
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(body).toMatchObject({ images: [`/uploads/${key('c')}-1280.webp`] });
  });

  it("shows the server's message for a refused picture, offers no retry, and blocks Save until it is removed", async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    uploads.uploadPicture.mockRejectedValue(
      new ApiError(415, 'unsupported_media_type', 'This file is not a JPEG, PNG or WebP picture.'),
    );
    await render();
    const u = user();
    await u.upload(screen.getByLabelText(TEXTS.uploadImage), new File(['hello'], 'notes.png', { type: 'image/png' }));
    const alert = await within(pictureList()).findByRole('alert');
    expect(alert.textContent).toBe('This file is not a JPEG, PNG or WebP picture.');
    expect(screen.queryByRole('button', { name: 'Retry: notes.png' })).toBeNull();
    // The label goes back to "Upload Image": no usable picture is chosen.
    expect(screen.getByLabelText(TEXTS.uploadImage)).toBeDefined();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    await u.click(saveButton());
    expect(await screen.findByText(/notes\.png was not uploaded/)).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove: notes.png' }));
    await u.click(screen.getByRole('button', { name: 'Remove: notes.png' }));
    expect(screen.queryByRole('list', { name: 'Chosen pictures' })).toBeNull();
    expect(screen.queryByText(/was not uploaded/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(TEXTS.uploadImage));
  });

  it('refuses a non-picture file in the browser without sending it', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    await render();
    await user().upload(screen.getByLabelText(TEXTS.uploadImage), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(uploads.uploadPicture).not.toHaveBeenCalled();
    expect(within(pictureList()).getByRole('alert').textContent).toBe('notes.txt is not a JPEG, PNG or WebP picture.');
  });

  it("clears the loading state and shows the server's message on failure, keeping every input", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'POST /api/homes': () =>
        gate.then(() => json({ error: { code: 'forbidden', message: 'Only hosts can add homes' } }, 403)),
    });
    await render();
    const u = user();
    await fillRequired(u);
    await u.click(saveButton());
    await waitFor(() => expect(saveButton().textContent).toBe(TEXTS.savingLower));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect((await screen.findByRole('alert')).textContent).toBe('Only hosts can add homes');
    expect(saveButton().textContent).toBe(TEXTS.saveAndContinue);
    expect(toast.error).toHaveBeenCalledWith('Only hosts can add homes');
    expect(field('Location').value).toBe('Porto');
    expect(field('Price per night (USD)').value).toBe('95.5');
    expect(view?.router.state.location.pathname).toBe('/dashboard/add-home');
  });
});
