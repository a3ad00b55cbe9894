/* What the parts of pipeline.core.kernel._kernel share (see _kernel.c for the list of parts). */
#ifndef SHOWDOWN_KERNEL_H
#define SHOWDOWN_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define PAIR_ENTRIES 65536
#define SUIT_RANK_ENTRIES 1024
#define FLUSH_ENTRIES 8192
#define BLOCK 4096 /* rows between looks at a check's flag, or per pass of a loop */

/* A check's words (pair_bits entries, see check_words in _kernel.c) say a bad row when they
 * overlap (a card twice) or hold bit 52 (an id off the deck). */
#define IS_BAD(overlap, any) ((overlap) != 0 || ((any) >> 52) != 0)

/* kernel_need: a table is read as words of `align` bytes: it must hold `bytes` and start at a multiple of
 * `align` (a byte view at an odd address would be read misaligned).  0 with a ValueError set. */
int kernel_need(Py_buffer *view, Py_ssize_t bytes, size_t align, const char *name);

PyObject *kernel_check_deals(PyObject *self, PyObject *args);
PyObject *kernel_combination_strengths(PyObject *self, PyObject *args);
PyObject *kernel_exact_equity(PyObject *self, PyObject *args);

#endif
