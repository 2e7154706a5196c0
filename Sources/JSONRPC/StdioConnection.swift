import Dispatch
import Foundation
import JSONCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON-RPC connection over two file descriptors (normally a private copy of stdout, and stdin).
///
/// One reader thread does blocking `read(2)`s on `input`, cuts frames (`FrameReader`), parses them
/// (`IncomingMessage.decode`) and hands them to a bounded inbox; one delivery loop (a single task) passes them
/// to the `MessageHandler` in arrival order; one serial queue does every write to `output`. SIGPIPE is ignored,
/// so a client that goes away makes writes fail (and be dropped) instead of killing the process. End of input
/// ends the connection cleanly: the handler gets the remaining messages, then `connectionClosed(.endOfInput)`.
///
/// Back-pressure: at most `maxPendingMessages` messages are received but not yet handled; while that many are,
/// the reader stops reading. `send` blocks while more than `maxPendingOutputBytes` wait to be written. So a
/// client that floods requests without reading responses stalls the daemon at bounded memory.
package final class StdioConnection: Sendable {
  /// Limits and sizes.
  package struct Configuration: Sendable {
    /// Largest accepted body; longer messages are skipped by length and reported as `.invalid` (-32700). 64 MiB.
    package var maxMessageSize = FrameReader.defaultMaxMessageSize
    /// Messages received but not yet handled before the reader stops reading. 1,024.
    package var maxPendingMessages = 1024
    /// Output bytes queued but not written before `send` blocks. 16 MiB.
    package var maxPendingOutputBytes = 16 << 20
    /// Deepest nesting accepted in a body (deeper gets -32700). The default keeps every delivered message safe
    /// to release implicitly on a 512 KiB thread (`JSONValue.implicitTeardownSafeDepth`, 2,048).
    package var maxNestingDepth = JSONValue.implicitTeardownSafeDepth
    /// How long the reader polls without sleeping before it blocks for more input, in microseconds. 0 disables.
    package var readSpinMicroseconds = 200
    /// The reader spins only while this returns true (nil: always), checked between polls: the handler's way to
    /// say no work of its own is queued or running, so spinning takes a core from nothing.
    package var spinsWhile: (@Sendable () -> Bool)?
    /// Bytes asked of each `read(2)`. 64 KiB.
    package var readChunkSize = 64 << 10
    /// Where every message read and written is also recorded (`layoutd --trace FILE`); nil: nowhere.
    package var trace: TraceWriter?
    /// Large messages whose array member the reader only validates, leaving it to the handler to build (see
    /// `DeferralRule`); nil: the reader builds every message whole.
    package var deferral: DeferralRule?

    /// The defaults.
    package init() {}
  }

  /// The input file descriptor (not owned: never closed here).
  package let input: Int32
  /// Limits in force.
  package let configuration: Configuration
  /// Received messages waiting for the handler.
  let inbox: Inbox
  /// Writes to the output fd.
  let output: OutputChannel
  /// Start/finish bookkeeping and the pipe that wakes the reader thread on `stop()`.
  let lifecycle: Lifecycle

  /// A connection reading `input` and writing `output`; nothing happens until `start(handler:)`.
  package init(input: Int32, output: Int32, configuration: Configuration = Configuration()) {
    signal(SIGPIPE, SIG_IGN)
    self.input = input
    self.configuration = configuration
    inbox = Inbox(capacity: configuration.maxPendingMessages)
    self.output = OutputChannel(fd: output, maxBacklog: configuration.maxPendingOutputBytes)
    lifecycle = Lifecycle()
  }

  /// Starts the reader thread and the delivery loop. Only the first call has an effect.
  package func start(handler: some MessageHandler) {
    guard lifecycle.markStarted() else { return }
    let thread = Thread { [self] in readLoop() }
    thread.name = "jsonrpc.reader"  // Linux keeps 15 bytes of a thread name
    thread.stackSize = 4 << 20
    thread.start()
    Task.detached { [self] in await deliver(to: handler) }
  }

  /// The delivery loop: one message at a time, in order, then the close notice.
  private func deliver(to handler: some MessageHandler) async {
    while let entry = await inbox.next() {
      await handler.handle(entry.message, bytes: entry.bytes, connection: self)
      inbox.didHandle()
    }
    await handler.connectionClosed(self, reason: inbox.reason ?? .stopped)
    lifecycle.markFinished()
  }

  /// Sends one message (framed as `Content-Length: N\r\n\r\n` + body). Thread-safe; blocks while the output
  /// backlog is full. Messages from one caller go out in call order.
  package func send(_ message: Message) {
    let body = message.body
    configuration.trace?.record(incoming: false, body: body)
    output.enqueue(FrameWriter.frame(body))
  }

  /// Sends the answer to a batch as one JSON array. Use only to answer a batch (clients reject arrays
  /// otherwise); send nothing for a batch with no requests.
  package func send(batch messages: [Message]) {
    let body = Message.batchBody(messages)
    configuration.trace?.record(incoming: false, body: body)
    output.enqueue(FrameWriter.frame(body))
  }

  /// Stops reading and delivering: the handler's current `handle` finishes, queued messages are dropped,
  /// then the handler gets `connectionClosed(.stopped)` (unless input had already ended).
  package func stop() {
    inbox.stop()
    lifecycle.wakeReader()
  }

  /// Stops reading input (SIGTERM): the messages already read are still handled, then the handler gets
  /// `connectionClosed(.stopped)` (unless input had already ended).
  package func stopReading() {
    inbox.finish(.stopped)
    lifecycle.wakeReader()
  }

  /// Lets no write to the output start from now on (what is still queued is dropped), once the write in progress has
  /// ended, waiting until `deadline` at most: true when every frame on the output is whole, so the process may end;
  /// false when a write still ran at the deadline (only a frame larger than the output pipe, or an output that is not
  /// a pipe, can block a write). For a process that must end now (SIGTERM's deadline).
  package func closeOutput(before deadline: Date) -> Bool { output.close(before: deadline) }

  /// Blocks until every message sent so far has been written (or dropped after a write error).
  package func waitForPendingWrites() { output.drain() }

  /// Blocks until the handler has been told the connection closed (returns at once if never started).
  package func waitUntilClosed() { lifecycle.waitUntilFinished() }

  /// Messages received but not yet handled (at most `maxPendingMessages`).
  package var pendingMessageCount: Int { inbox.pendingCount }

  /// Output bytes queued but not yet written.
  package var pendingOutputBytes: Int { output.pendingBytes }

  /// The errno of the first failed write (EPIPE once the client has gone), if any.
  package var writeError: Int32? { output.writeError }
}
