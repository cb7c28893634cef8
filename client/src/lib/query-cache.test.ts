import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { changeOptimistically, removeFromCache, updateListItem } from "./query-cache";

interface Item {
  id: number;
  done: boolean;
}

describe("cache changes", () => {
  it("changes ahead of the server and undoes exactly that", async () => {
    const client = new QueryClient();
    client.setQueryData<Item[]>(["/api/items"], [{ id: 1, done: false }, { id: 2, done: false }]);
    client.setQueryData(["/api/other"], "untouched");
    const undo = await changeOptimistically(client, [["/api/items"], ["/api/missing"]], () =>
      updateListItem<Item>(client, ["/api/items"], 2, (item) => ({ ...item, done: true })),
    );
    expect(client.getQueryData(["/api/items"])).toEqual([{ id: 1, done: false }, { id: 2, done: true }]);
    undo();
    expect(client.getQueryData(["/api/items"])).toEqual([{ id: 1, done: false }, { id: 2, done: false }]);
    expect(client.getQueryData(["/api/missing"])).toBeUndefined();
    expect(client.getQueryData(["/api/other"])).toBe("untouched");
  });

  it("cancels a read in flight, so its late answer cannot overwrite the change", async () => {
    const client = new QueryClient();
    client.setQueryData<Item[]>(["/api/items"], [{ id: 1, done: false }]);
    let answer: (items: Item[]) => void = () => {};
    const late = client.fetchQuery({ queryKey: ["/api/items"], queryFn: () => new Promise<Item[]>((resolve) => (answer = resolve)) });
    await changeOptimistically(client, [["/api/items"]], () =>
      updateListItem<Item>(client, ["/api/items"], 1, (item) => ({ ...item, done: true })),
    );
    answer([{ id: 1, done: false }]);
    await late.catch(() => undefined);
    expect(client.getQueryData(["/api/items"])).toEqual([{ id: 1, done: true }]);
  });

  it("drops a deleted item from every list and forgets its own entry", () => {
    const client = new QueryClient();
    client.setQueryData<Item[]>(["/api/items", "open"], [{ id: 1, done: false }, { id: 2, done: false }]);
    client.setQueryData<Item[]>(["/api/items", "all"], [{ id: 2, done: false }]);
    client.setQueryData(["/api/items", 2], { id: 2, done: false });
    removeFromCache(client, { lists: [["/api/items", "open"], ["/api/items", "all"], ["/api/items", "none"]], item: ["/api/items", 2] }, 2);
    expect(client.getQueryData(["/api/items", "open"])).toEqual([{ id: 1, done: false }]);
    expect(client.getQueryData(["/api/items", "all"])).toEqual([]);
    expect(client.getQueryData(["/api/items", "none"])).toBeUndefined();
    expect(client.getQueryState(["/api/items", 2])).toBeUndefined();
  });
});
