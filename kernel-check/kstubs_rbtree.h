/* SPDX-License-Identifier: MIT */
/*
 * kstubs_rbtree.h - the kernel's rbtree and list types (restated, not cut), for the eevdf and
 * path groups' translation units (kstubs_eevdf.h, kstubs_paths.h):
 * one copy, so the two cannot drift.
 */
#ifndef KERNEL_CHECK_KSTUBS_RBTREE_H
#define KERNEL_CHECK_KSTUBS_RBTREE_H

/* the rbtree's types (include/linux/rbtree_types.h, rbtree_augmented.h) */
struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __attribute__((aligned(sizeof(long))));
struct rb_root {
	struct rb_node *rb_node;
};
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};
struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};
#define RB_EMPTY_NODE(node) ((node)->__rb_parent_color == (unsigned long)(node))
struct list_head {
	struct list_head *next, *prev;
};

#endif
