"""Notebook execution that keeps the outputs a kernel sends after its cell's idle status.

Deno's kernel now and then sends a cell's output after the status that says the cell is done: its
outputs go out through a queue that the status can overtake, and a display sent without being
awaited, or from a timer, goes out when it is ready. A browser shows such an output under its
cell. nbclient, and so `jupyter nbconvert --execute`, reads only the messages of the cell it is
running and stops at that status, so it drops them: a headless run missed outputs the kernel sent.

`KeepLateOutputs` is nbconvert's ExecutePreprocessor (every `ExecutePreprocessor.*` setting applies)
that files an output under the cell whose request it answers (its parent message) when it arrives
while a later cell runs and, after the last cell, until the kernel has sent nothing for
`QUIET_S` seconds. Each kept output is counted in its cell's metadata (`late_outputs`).
notebook_worker.py runs it for `npm run report` as this command line would:

    PYTHONPATH=scripts/jupyter jupyter nbconvert --to notebook \\
        --NotebookExporter.preprocessors=late_outputs.KeepLateOutputs \\
        --KeepLateOutputs.enabled=True --ExecutePreprocessor.kernel_name=deno ... NOTEBOOK
"""
from queue import Empty
from time import monotonic

from nbclient.exceptions import CellExecutionComplete
from nbclient.util import ensure_async, run_sync
from nbconvert.preprocessors import ExecutePreprocessor

# The message types that are a cell's outputs.
OUTPUTS = {"execute_result", "display_data", "stream", "error"}
# After the last cell: how long the kernel must send nothing before the kernel is shut down.
QUIET_S = 1.0
# After the last cell: the longest it is listened to, however much it sends.
DRAIN_LIMIT_S = 30.0


class LateOutputs:
    """Mixed into an nbclient NotebookClient (before it): outputs after their cell's idle status are kept."""

    def _cells_by_request(self):
        return self.__dict__.setdefault("_late_outputs_cells", {})

    def keep_late_output(self, msg):
        """Files `msg` under the earlier cell whose request it answers; False when it is not an output of one."""
        known = self._cells_by_request().get(msg["parent_header"].get("msg_id"))
        if known is None or msg["msg_type"] not in OUTPUTS:
            return False
        cell, index = known
        cell.metadata["late_outputs"] = cell.metadata.get("late_outputs", 0) + 1
        self.process_message(msg, cell, index)
        return True

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        # nbclient's loop, which drops every message of another request
        self._cells_by_request()[parent_msg_id] = (cell, cell_index)
        while True:
            msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=None))
            if msg["parent_header"].get("msg_id") == parent_msg_id:
                try:
                    self.process_message(msg, cell, cell_index)
                except CellExecutionComplete:
                    return
            else:
                self.keep_late_output(msg)

    async def async_drain_late_outputs(self):
        """After the last cell: keeps late outputs until the kernel is quiet for QUIET_S seconds."""
        deadline = monotonic() + DRAIN_LIMIT_S
        while monotonic() < deadline:
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=QUIET_S))
            except Empty:
                return
            self.keep_late_output(msg)

    async def async_execute_cell(self, cell, cell_index, *args, **kwargs):
        # the cell running now: a failure's report shows what it wrote on stderr (notebook_worker.py)
        self.running_cell = cell
        result = await super().async_execute_cell(cell, cell_index, *args, **kwargs)
        if cell_index == len(self.nb.cells) - 1:
            await self.async_drain_late_outputs()
        return result

    # nbclient's own is bound to its async_execute_cell, which nbconvert's preprocessor calls
    execute_cell = run_sync(async_execute_cell)


class KeepLateOutputs(LateOutputs, ExecutePreprocessor):
    """nbconvert's ExecutePreprocessor keeping late outputs (see the module's text)."""
