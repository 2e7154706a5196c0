import Foundation
import JSONCodec
import JSONRPC
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The connection end to end over pipe(2) file descriptors.
///
/// Serialized: the tests block their thread (waitUntilClosed, polling), and the delivery loop needs a thread of
/// the cooperative pool, which has as few threads as cores.
@Suite(.serialized) struct StdioConnectionTests {
  @Test func endToEndUntilEndOfInput() throws {
    let toServer = try #require(Pipe.make())
    let fromServer = try #require(Pipe.make())
    let connection = StdioConnection(input: toServer.read, output: fromServer.write)
    let handler = EchoHandler()
    connection.start(handler: handler)
    var stream: [UInt8] = []
    stream += frame(#"{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":1}}"#)
    stream += frame(#"{"jsonrpc":"2.0","method":"note","params":[]}"#)
    stream += Array("garbage\r\n".utf8)
    stream += frame(#"{"jsonrpc":"2.0","id":"s-1","method":"b"}"#)
    stream += frame("{not json")
    stream += frame(#"{"jsonrpc":"1.0","id":9,"method":"c"}"#)
    stream += frame(#"[{"jsonrpc":"2.0","id":2,"method":"d"},{"jsonrpc":"2.0","method":"e"}]"#)
    stream += frame(#"{"jsonrpc":"2.0","id":3,"method":"last"}"#)
    // Byte by byte for the first part, then the rest at once.
    for byte in stream.prefix(40) { writeAll(toServer.write, [byte]) }
    writeAll(toServer.write, Array(stream.dropFirst(40)))
    close(toServer.write)
    connection.waitUntilClosed()
    connection.waitForPendingWrites()
    close(fromServer.write)
    let replies = readBodies(fromServer.read)
    close(fromServer.read)
    close(toServer.read)
    #expect(handler.closed.withLock { $0 } == .endOfInput)
    #expect(
      handler.log.withLock { $0 } == [
        #"{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":1}}"#,
        #"{"jsonrpc":"2.0","method":"note","params":{}}"#,
        "invalid: parse error: malformed header line 'garbage'",
        #"{"jsonrpc":"2.0","id":"s-1","method":"b","params":{}}"#,
        "invalid: parse error: expected a string key in object, got 'n' at byte 1",
        #"invalid: invalid request: "jsonrpc" must be "2.0", got "1.0""#,
        "batch of 2",
        #"{"jsonrpc":"2.0","id":3,"method":"last","params":{}}"#,
      ])
    #expect(
      replies == [
        #"{"jsonrpc":"2.0","id":1,"result":{"x":1}}"#,
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: malformed header line 'garbage'"}}"#,
        #"{"jsonrpc":"2.0","id":"s-1","result":{}}"#,
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: expected a string key in object, got 'n' at byte 1"}}"#,
        #"{"jsonrpc":"2.0","id":9,"error":{"code":-32600,"message":"invalid request: \"jsonrpc\" must be \"2.0\", got \"1.0\""}}"#,
        #"[{"jsonrpc":"2.0","id":2,"result":{}}]"#,
        #"{"jsonrpc":"2.0","id":3,"result":{}}"#,
      ])
  }

  @Test func stopEndsAConnectionWhoseInputStaysOpen() throws {
    let toServer = try #require(Pipe.make())
    let fromServer = try #require(Pipe.make())
    let connection = StdioConnection(input: toServer.read, output: fromServer.write)
    let handler = EchoHandler()
    connection.start(handler: handler)
    writeAll(toServer.write, frame(#"{"jsonrpc":"2.0","method":"n"}"#))
    #expect(eventually { handler.log.withLock { $0.count } == 1 })
    connection.stop()
    connection.waitUntilClosed()
    #expect(handler.closed.withLock { $0 } == .stopped)
    for fd in [toServer.read, toServer.write, fromServer.read, fromServer.write] { close(fd) }
  }

  @Test func writesAfterTheClientLeftAreDropped() throws {
    let toServer = try #require(Pipe.make())
    let fromServer = try #require(Pipe.make())
    close(fromServer.read)
    let connection = StdioConnection(input: toServer.read, output: fromServer.write)
    connection.send(.notification(method: "n", params: .null))  // SIGPIPE is ignored: EPIPE instead of death
    connection.waitForPendingWrites()
    #expect(connection.writeError == EPIPE)
    connection.send(.notification(method: "n", params: .null))
    connection.waitForPendingWrites()
    for fd in [toServer.read, toServer.write, fromServer.write] { close(fd) }
  }

  @Test func backPressureBoundsPendingMessagesAndOutput() throws {
    let toServer = try #require(Pipe.make())
    let fromServer = try #require(Pipe.make())
    var configuration = StdioConnection.Configuration()
    configuration.maxPendingMessages = 64
    configuration.maxPendingOutputBytes = 8192
    let connection = StdioConnection(input: toServer.read, output: fromServer.write, configuration: configuration)
    let handler = EchoHandler()
    handler.held.withLock { $0 = true }
    connection.start(handler: handler)
    // A client that floods 100,000 requests and reads nothing until told to.
    let total = 100_000
    let written = Mutex(0)
    let writer = Thread {
      var batch: [UInt8] = []
      for i in 0..<total {
        batch += frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"m","params":{"i":\#(i)}}"#)
        if batch.count > 4096 || i == total - 1 {
          writeAll(toServer.write, batch)
          batch.removeAll(keepingCapacity: true)
          written.withLock { $0 = i + 1 }
        }
      }
      close(toServer.write)
    }
    writer.start()
    // Held handler: the reader stops once 64 messages are pending; once the pipe is full the client's writes
    // block (what it managed to write is bounded by the pipe, one read chunk and the 64 pending messages).
    #expect(eventually { connection.pendingMessageCount == 64 })
    #expect(eventually { stable(written) })
    let stalledAt = written.withLock { $0 }
    #expect(connection.pendingMessageCount == 64)
    #expect(stalledAt < 5_000)
    // Released handler, client still not reading: the output backlog stays bounded, everything stalls again.
    handler.held.withLock { $0 = false }
    // Up to a minute: the output backlog builds only once the client has written enough to fill the output pipe,
    // which a machine loaded many times over its cores (parallel test runs) takes well over 10 s to get to.
    #expect(eventually(within: 60) { connection.pendingOutputBytes > 0 })
    #expect(eventually(within: 60) { stable(written) })
    #expect(connection.pendingOutputBytes <= 8192)
    #expect(connection.pendingMessageCount <= 64)
    #expect(written.withLock { $0 } < total)
    // The client reads: everything completes, in order.
    let replies = Thread.detachedCollect { readBodies(fromServer.read) }
    connection.waitUntilClosed()
    connection.waitForPendingWrites()
    close(fromServer.write)
    let bodies = replies.wait() ?? []
    #expect(bodies.count == total)
    #expect(bodies.first == #"{"jsonrpc":"2.0","id":0,"result":{"i":0}}"#)
    #expect(bodies.last == #"{"jsonrpc":"2.0","id":99999,"result":{"i":99999}}"#)
    #expect(bodies.enumerated().allSatisfy { $0.element.hasPrefix(#"{"jsonrpc":"2.0","id":\#($0.offset),"#) })
    #expect(handler.maxPending.withLock { $0 } <= 64)
    #expect(handler.closed.withLock { $0 } == .endOfInput)
    close(fromServer.read)
    close(toServer.read)
  }
}

/// True if `counter` does not change over 100 ms.
func stable(_ counter: borrowing Mutex<Int>) -> Bool {
  let before = counter.withLock { $0 }
  usleep(100_000)
  return counter.withLock { $0 } == before
}
