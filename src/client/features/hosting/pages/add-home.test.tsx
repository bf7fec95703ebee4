// @vitest-environment jsdom
import { act } from 'react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '#shared/texts';
import { ApiError } from '#client/lib/api';
import {
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  waitFor,
} from '#client/test/render-routes';
import { defaultAvailability } from '../lib/dates';
import { chooseFiles, field, HOST_EMAIL, session, setValue, submitForm } from '#client/test/hosting';
import { AddHomePage } from './add-home';

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

async function render() {
  view = await renderRoutes(routes, ['/dashboard/add-home']);
  await waitFor(() => expect(view?.container.querySelector('form')).not.toBeNull());
  return view;
}

const submitButton = () => view!.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const pictureNames = () =>
  [...view!.container.querySelectorAll('ol[aria-label="Chosen pictures"] li')].map(
    (li) => li.querySelector('span')?.textContent,
  );

function fillRequired(container: ParentNode) {
  setValue(field(container, 'Location'), 'Porto');
  setValue(field(container, 'Title'), '  River loft  ');
  setValue(field(container, 'Price per night (USD)'), '95.5');
  setValue(field(container, 'Total guests'), '3');
  setValue(field(container, 'Bedrooms'), '1');
  setValue(field(container, 'Bathrooms'), '1');
}

describe('AddHomePage', () => {
  it('starts today and ends tomorrow, with the "Upload Image" label and "Save & Continue"', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    const { container } = await render();
    const dates = defaultAvailability(new Date());
    expect(field(container, 'Available from').value).toBe(dates.from);
    expect(field(container, 'Available to').value).toBe(dates.to);
    expect(field(container, TEXTS.uploadImage).getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(submitButton().textContent).toBe(TEXTS.saveAndContinue);
  });

  it('shows the shared schema errors inline, linked to the fields, and focuses the first invalid one', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/get-session': json(session) });
    const { container } = await render();
    setValue(field(container, 'Available to'), field(container, 'Available from').value);
    await submitForm(container);
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]').length).toBe(6));
    for (const input of container.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.some((id) => document.getElementById(id)?.className.includes('text-red-700'))).toBe(true);
    }
    expect(container.textContent).toContain('Location is required');
    expect(container.textContent).toContain('Price must be a number');
    expect(document.activeElement).toBe(field(container, 'Location'));

    // The dates rule spans two fields: it is checked once the fields themselves are valid.
    fillRequired(container);
    await submitForm(container);
    await waitFor(() =>
      expect(container.textContent).toContain('The available-to date must be after the available-from date'),
    );
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    expect(document.activeElement).toBe(field(container, 'Available to'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('uploads pictures as they are chosen, lets the host reorder them and sends them in order', async () => {
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
    const { container } = await render();
    fillRequired(container);
    chooseFiles(field(container, TEXTS.uploadImage), [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'garden.jpg', { type: 'image/jpeg' }),
    ]);
    expect(uploads.uploadPicture).toHaveBeenCalledTimes(2);
    expect(container.textContent).toContain('Uploading…');
    expect(container.querySelector('label span.truncate')?.textContent).toBe('2 images');
    // Saving waits for the uploads.
    expect(submitButton().disabled).toBe(true);
    await act(async () => {
      resolvers[0]!(stored('a'));
      resolvers[1]!(stored('b'));
    });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(pictureNames()).toEqual(['front.png', 'garden.jpg']);
    expect(container.querySelector('li[data-picture-id] img')?.getAttribute('src')).toBe(
      `/uploads/${key('a')}-640.webp`,
    );

    // Move the garden picture up: it becomes the cover and keeps focus on its control.
    const garden = container.querySelectorAll('ol li')[1]!;
    act(() => garden.querySelector<HTMLButtonElement>('button[data-action="up"]')!.click());
    expect(pictureNames()).toEqual(['garden.jpg', 'front.png']);
    expect(container.querySelector('ol li')?.textContent).toContain('Cover');
    expect(document.activeElement?.textContent).toContain('Move down');
    expect(document.activeElement?.closest('li')?.textContent).toContain('garden.jpg');

    await submitForm(container);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(body).toEqual({
      location: 'Porto',
      title: 'River loft',
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      price: 95.5,
      total_guest: 3,
      bedrooms: 1,
      bathrooms: 1,
      description: '',
      image: `/uploads/${key('b')}-1280.webp`,
      images: [`/uploads/${key('b')}-1280.webp`, `/uploads/${key('a')}-1280.webp`],
      hostEmail: HOST_EMAIL,
    });
    expect(toast.success).toHaveBeenCalledWith(TEXTS.homeAdded);
  });

  it("shows the server's message for a refused picture and leaves it out", async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    uploads.uploadPicture.mockRejectedValue(
      new ApiError(415, 'unsupported_media_type', 'This file is not a JPEG, PNG or WebP picture.'),
    );
    const { container } = await render();
    chooseFiles(field(container, TEXTS.uploadImage), [new File(['hello'], 'notes.png', { type: 'image/png' })]);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'This file is not a JPEG, PNG or WebP picture.',
      ),
    );
    // The label goes back to "Upload Image": no usable picture is chosen.
    expect(field(container, TEXTS.uploadImage)).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    act(() => container.querySelector<HTMLButtonElement>('button[data-action="remove"]')!.click());
    expect(container.querySelector('ol')).toBeNull();
    expect(document.activeElement).toBe(field(container, TEXTS.uploadImage));
  });

  it('refuses a non-picture file in the browser without sending it', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session) });
    const { container } = await render();
    chooseFiles(field(container, TEXTS.uploadImage), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(uploads.uploadPicture).not.toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'notes.txt is not a JPEG, PNG or WebP picture.',
    );
  });

  it("clears the loading state and shows the server's message on failure, keeping every input", async () => {
    let answer = () => json({ error: { code: 'forbidden', message: 'Only hosts can add homes' } }, 403);
    stubFetch({ 'GET /api/auth/get-session': json(session), 'POST /api/homes': () => answer() });
    const { container } = await render();
    fillRequired(container);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = answer;
    answer = () => gate.then(original) as unknown as Response;
    await submitForm(container);
    await waitFor(() => expect(submitButton().textContent).toBe(TEXTS.savingLower));
    expect(submitButton().disabled).toBe(true);
    await act(async () => release());
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Only hosts can add homes'),
    );
    expect(submitButton().textContent).toBe(TEXTS.saveAndContinue);
    expect(toast.error).toHaveBeenCalledWith('Only hosts can add homes');
    expect(field(container, 'Location').value).toBe('Porto');
    expect(field(container, 'Price per night (USD)').value).toBe('95.5');
    expect(view?.router.state.location.pathname).toBe('/dashboard/add-home');
  });
});
