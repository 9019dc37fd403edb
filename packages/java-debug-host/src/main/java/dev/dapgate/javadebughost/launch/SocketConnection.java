package dev.dapgate.javadebughost.launch;

import com.sun.jdi.connect.spi.ClosedConnectionException;
import com.sun.jdi.connect.spi.Connection;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A JDWP connection over an accepted socket (handshake plus length-prefixed packets). */
final class SocketConnection extends Connection {
    private static final byte[] HANDSHAKE = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final Object readLock = new Object();
    private final Object writeLock = new Object();
    private volatile boolean open = true;

    SocketConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Exchanges the JDWP handshake (the debuggee connects, we answer as the debugger). */
    void handshake(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        out.write(HANDSHAKE);
        out.flush();
        byte[] reply = new byte[HANDSHAKE.length];
        in.readFully(reply);
        if (!Arrays.equals(reply, HANDSHAKE)) {
            throw new IOException("JDWP handshake failed: unexpected reply");
        }
        socket.setSoTimeout(0);
    }

    @Override
    public byte[] readPacket() throws IOException {
        synchronized (readLock) {
            if (!open) {
                throw new ClosedConnectionException();
            }
            try {
                int length = in.readInt();
                if (length < 11) {
                    throw new IOException("malformed JDWP packet (length " + length + ")");
                }
                byte[] packet = new byte[length];
                packet[0] = (byte) (length >>> 24);
                packet[1] = (byte) (length >>> 16);
                packet[2] = (byte) (length >>> 8);
                packet[3] = (byte) length;
                in.readFully(packet, 4, length - 4);
                return packet;
            } catch (EOFException e) {
                // JDI expects an empty packet at end of stream
                return new byte[0];
            } catch (IOException e) {
                if (!open) {
                    throw new ClosedConnectionException();
                }
                throw e;
            }
        }
    }

    @Override
    public void writePacket(byte[] packet) throws IOException {
        if (packet.length < 11) {
            throw new IllegalArgumentException("packet is insufficient size");
        }
        synchronized (writeLock) {
            if (!open) {
                throw new ClosedConnectionException();
            }
            try {
                out.write(packet);
                out.flush();
            } catch (IOException e) {
                if (!open) {
                    throw new ClosedConnectionException();
                }
                throw e;
            }
        }
    }

    @Override
    public void close() throws IOException {
        open = false;
        socket.close();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

}
