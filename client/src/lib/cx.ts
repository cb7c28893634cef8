// The first page joins classes without tailwind-merge: its components keep their own classes in
// `@layer components` (index.css), which every utility a caller passes beats by the cascade, so no
// class needs removing. `cn` (lib/cn.ts) still merges for the parts that load later.
export { clsx as cx } from "clsx";
