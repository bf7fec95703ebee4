// Placeholder until the issue that builds this screen replaces it.
export function Component() {
  return <h1 className="text-2xl font-bold text-gray-900 outline-none sm:text-3xl">Update Home</h1>;
}
