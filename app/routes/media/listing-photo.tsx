// Stub: replaced by the listing photos work in progress.
export function loader() {
  return new Response("Not found", { status: 404 });
}
